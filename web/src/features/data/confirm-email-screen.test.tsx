import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '@/lib/session-store';
import { apiError, heldReply, stubApi } from '@/test/fetch-stub';
import { signedInMe, signedInUser } from '@/test/fixtures';
import { renderScreen } from '@/test/render-screen';
import { ConfirmEmailScreen } from './confirm-email-screen';

const route = '/confirm-email/:token';
const moved = { ...signedInMe, email: 'ada@new.example' };

describe('the confirm-email page', () => {
  it('confirms with the token of the link, once, and tells a signed-out visitor to sign in with the new address', async () => {
    sessionStore.signOut({ reason: 'logout' });
    const held = heldReply({ status: 200, body: moved });
    const calls = stubApi(() => held.promise);
    renderScreen(<ConfirmEmailScreen />, { url: '/confirm-email/token-one', route });
    expect(screen.getByRole('progressbar', { name: 'Confirming your e-mail address' })).toBeInTheDocument();
    held.release();
    const status = await screen.findByText(/^Your e-mail address is now/);
    expect(status).toHaveTextContent(
      'Your e-mail address is now ada@new.example. Use it to sign in from now on.',
    );
    await userEvent.click(screen.getByRole('link', { name: 'Sign in' }));
    expect(screen.getByRole('status', { name: 'Current location' })).toHaveTextContent('/login');
    expect(calls).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/api/v1/email_change/confirm',
        body: { token: 'token-one' },
      }),
    ]);
  });

  it('updates the stored user of a page signed in to that account, and links back to the account', async () => {
    sessionStore.setUser(signedInUser);
    stubApi(() => ({ status: 200, body: moved }));
    renderScreen(<ConfirmEmailScreen />, { url: '/confirm-email/token-two', route });
    expect(await screen.findByRole('link', { name: 'Back to your account' })).toHaveAttribute(
      'href',
      '/account',
    );
    await waitFor(() => expect(sessionStore.getUser()?.email).toBe('ada@new.example'));
    expect(sessionStore.getUser()?.auth_token).toBe('token-of-ada');
  });

  it("shows the server's sentence for a used or expired link, and where to ask for a new one", async () => {
    stubApi(() =>
      apiError(
        400,
        'invalid_token',
        'This e-mail confirmation link is invalid or has expired. Ask for a new one on your account page.',
      ),
    );
    renderScreen(<ConfirmEmailScreen />, { url: '/confirm-email/token-three', route });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This e-mail confirmation link is invalid or has expired.');
    expect(screen.getByRole('link', { name: 'Go to your account' })).toHaveAttribute('href', '/account');
  });
});
