import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '@/lib/session-store';
import { apiError, heldReply, stubApi, type ApiCall, type StubReply } from '@/test/fetch-stub';
import { signedInMe, signedInUser } from '@/test/fixtures';
import { renderScreen } from '@/test/render-screen';
import { ConfirmEmailScreen } from './confirm-email-screen';

const route = '/confirm-email/:token';
const CHECK = '/api/v1/email_change/confirm/check';
const moved = { ...signedInMe, email: 'ada@new.example' };
const REFUSED = apiError(
  400,
  'invalid_token',
  'This e-mail confirmation link is invalid or has expired. Ask for a new one on your account page.',
);

/** A link that still works when the page asks; `reply` answers the confirm call. */
const linkWorks =
  (reply: () => StubReply | Promise<StubReply>) =>
  (call: ApiCall): StubReply | Promise<StubReply> =>
    call.path === CHECK ? { status: 204 } : reply();

const confirmButton = () => screen.findByRole('button', { name: 'Confirm the new address' });

describe('the confirm-email page', () => {
  it('checks the link, then confirms with its token when asked, and tells a signed-out visitor to sign in', async () => {
    sessionStore.signOut({ reason: 'logout' });
    const held = heldReply({ status: 200, body: moved });
    const calls = stubApi(linkWorks(() => held.promise));
    renderScreen(<ConfirmEmailScreen />, { url: '/confirm-email/token-one', route });
    expect(screen.getByRole('progressbar', { name: 'Checking your link' })).toBeInTheDocument();
    await userEvent.click(await confirmButton());
    expect(screen.getByRole('progressbar', { name: 'Confirming your e-mail address' })).toBeInTheDocument();
    held.release();
    const status = await screen.findByText(/^Your e-mail address is now/);
    expect(status).toHaveTextContent(
      'Your e-mail address is now ada@new.example. Use it to sign in from now on.',
    );
    expect(screen.queryByRole('button', { name: 'Confirm the new address' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Sign in' }));
    expect(screen.getByRole('status', { name: 'Current location' })).toHaveTextContent('/login');
    expect(calls).toEqual([
      expect.objectContaining({ method: 'POST', path: CHECK, body: { token: 'token-one' } }),
      expect.objectContaining({
        method: 'POST',
        path: '/api/v1/email_change/confirm',
        body: { token: 'token-one' },
      }),
    ]);
  });

  it('makes no change on opening: only the button confirms', async () => {
    const calls = stubApi(linkWorks(() => ({ status: 200, body: moved })));
    renderScreen(<ConfirmEmailScreen />, { url: '/confirm-email/token-four', route });
    await confirmButton();
    expect(calls.map((call) => call.path)).toEqual([CHECK]);
  });

  it('updates the stored user of a page signed in to that account, and links back to the account', async () => {
    sessionStore.setUser(signedInUser);
    stubApi(linkWorks(() => ({ status: 200, body: moved })));
    renderScreen(<ConfirmEmailScreen />, { url: '/confirm-email/token-two', route });
    await userEvent.click(await confirmButton());
    expect(await screen.findByRole('link', { name: 'Back to your account' })).toHaveAttribute(
      'href',
      '/account',
    );
    await waitFor(() => expect(sessionStore.getUser()?.email).toBe('ada@new.example'));
    expect(sessionStore.getUser()?.auth_token).toBe('token-of-ada');
  });

  it('says at once that a used or expired link cannot work, where to ask for a new one, and shows no button', async () => {
    const calls = stubApi(() => REFUSED);
    renderScreen(<ConfirmEmailScreen />, { url: '/confirm-email/token-three', route });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This e-mail confirmation link is invalid or has expired.');
    expect(within(alert).getByRole('link', { name: 'Go to your account' })).toHaveAttribute(
      'href',
      '/account',
    );
    expect(screen.queryByRole('button', { name: 'Confirm the new address' })).not.toBeInTheDocument();
    expect(calls.map((call) => call.path)).toEqual([CHECK]);
  });

  it("shows the server's sentence when the confirm itself is refused (the address was taken meanwhile)", async () => {
    stubApi(
      linkWorks(() => apiError(409, 'email_taken', 'An account with this e-mail address already exists.')),
    );
    renderScreen(<ConfirmEmailScreen />, { url: '/confirm-email/token-five', route });
    await userEvent.click(await confirmButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An account with this e-mail address already exists.',
    );
  });
});
