import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '@/lib/session-store';
import { apiError, heldReply, stubApi } from '@/test/fetch-stub';
import { signedInMe, signedInUser } from '@/test/fixtures';
import { renderScreen } from '@/test/render-screen';
import { VerifyEmailScreen } from './verify-email-screen';

const route = '/verify-email/:token';
const CONFIRM = '/api/v1/email_verification/confirm';
const confirmed = { ...signedInMe, email_verified: true };
const button = () => screen.getByRole('button', { name: 'Confirm my e-mail address' });

describe('the verify-email page', () => {
  it('confirms nothing on opening; the button confirms with the token alone, and a visitor is told to sign in', async () => {
    const held = heldReply({ status: 200, body: confirmed });
    const calls = stubApi(() => held.promise);
    renderScreen(<VerifyEmailScreen />, { url: '/verify-email/token-one', route });
    expect(screen.getByRole('heading', { name: 'Verify your e-mail address' })).toBeInTheDocument();
    expect(calls).toEqual([]);
    await userEvent.click(button());
    expect(screen.getByRole('progressbar', { name: 'Confirming your e-mail address' })).toBeInTheDocument();
    held.release();
    const status = await screen.findByText(/^Your e-mail address is confirmed\./);
    expect(status).toHaveRole('status');
    expect(within(status).getByRole('link', { name: 'sign in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: 'Confirm my e-mail address' })).not.toBeInTheDocument();
    expect(calls).toEqual([
      expect.objectContaining({ method: 'POST', path: CONFIRM, body: { token: 'token-one' } }),
    ]);
    expect(calls[0]?.headers).not.toHaveProperty('Authorization');
  });

  it('updates the stored user of a page signed in to that account, without sending its token', async () => {
    sessionStore.setUser({ ...signedInUser, email_verified: false });
    const calls = stubApi(() => ({ status: 200, body: confirmed }));
    renderScreen(<VerifyEmailScreen />, { url: '/verify-email/token-two', route });
    await userEvent.click(button());
    expect(await screen.findByRole('link', { name: 'Back to your account' })).toHaveAttribute(
      'href',
      '/account',
    );
    expect(sessionStore.getUser()).toMatchObject({ email_verified: true, auth_token: 'token-of-ada' });
    expect(calls[0]?.headers).not.toHaveProperty('Authorization');
  });

  it("says why a used or expired link cannot work, in the server's sentence, and where to ask for a new one", async () => {
    stubApi(() =>
      apiError(
        400,
        'invalid_token',
        'This confirmation link is invalid or has expired. Ask for a new one on your account page.',
      ),
    );
    renderScreen(<VerifyEmailScreen />, { url: '/verify-email/token-three', route });
    await userEvent.click(button());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This confirmation link is invalid or has expired.');
    expect(within(alert).getByRole('link', { name: 'Go to your account' })).toHaveAttribute(
      'href',
      '/account',
    );
  });

  it("shows the server's sentence for any other failure, and the button stays to try again", async () => {
    stubApi(() =>
      apiError(429, 'too_many_requests', 'Too many requests. Please wait a moment and try again.'),
    );
    renderScreen(<VerifyEmailScreen />, { url: '/verify-email/token-four', route });
    await userEvent.click(button());
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests.');
    expect(button()).toBeEnabled();
  });
});
