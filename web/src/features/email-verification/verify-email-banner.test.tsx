import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '@/lib/session-store';
import { apiError, heldReply, stubApi } from '@/test/fetch-stub';
import { signedInMe, signedInUser } from '@/test/fixtures';
import { renderScreen } from '@/test/render-screen';
import { CONFIRMED, VerifyEmailBanner } from './verify-email-banner';

const unverified = { ...signedInUser, email_verified: false };
const banner = () => screen.queryByRole('region', { name: 'Confirm your e-mail address' });

describe('the banner of an unconfirmed address', () => {
  it('is not there for a confirmed address, nor for a user stored before verification existed', () => {
    sessionStore.setUser(signedInUser);
    const { unmount } = renderScreen(<VerifyEmailBanner />, { url: '/account' });
    expect(banner()).not.toBeInTheDocument();
    unmount();
    const { email_verified: _, ...older } = signedInUser;
    sessionStore.setUser(older as typeof signedInUser);
    renderScreen(<VerifyEmailBanner />, { url: '/account' });
    expect(banner()).not.toBeInTheDocument();
  });

  it('confirms with the code of the mail, then goes and says what that allows', async () => {
    sessionStore.setUser(unverified);
    const held = heldReply({ status: 200, body: { ...signedInMe, email_verified: true } });
    const calls = stubApi(() => held.promise);
    renderScreen(<VerifyEmailBanner />, { url: '/account' });
    expect(banner()).toHaveTextContent('We sent a 6-digit code to ada@example.com.');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter the 6-digit code from the e-mail.');
    await userEvent.type(screen.getByLabelText('Code from the e-mail'), ' 123 456 ');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(screen.getByRole('progressbar', { name: 'Confirming your e-mail address' })).toBeInTheDocument();
    held.release();
    expect(await screen.findByText(CONFIRMED)).toHaveRole('status');
    expect(banner()).not.toBeInTheDocument();
    expect(sessionStore.getUser()).toMatchObject({ email_verified: true, auth_token: 'token-of-ada' });
    expect(calls).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/api/v1/email_verification/confirm',
        body: { code: '123456' },
        headers: expect.objectContaining({ Authorization: 'Bearer token-of-ada' }),
      }),
    ]);
  });

  it("shows the server's sentence for a wrong code and keeps the banner", async () => {
    sessionStore.setUser(unverified);
    stubApi(() => apiError(400, 'invalid_code', 'This code is wrong or has expired.'));
    renderScreen(<VerifyEmailBanner />, { url: '/account' });
    await userEvent.type(screen.getByLabelText('Code from the e-mail'), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This code is wrong or has expired.');
    expect(banner()).toBeInTheDocument();
  });

  it('sends a new code and says so; past the limit it shows the server’s sentence', async () => {
    sessionStore.setUser(unverified);
    let sent = 0;
    const calls = stubApi(() => {
      sent += 1;
      return sent === 1
        ? { status: 202 }
        : apiError(429, 'too_many_requests', 'Too many requests. Please wait a moment and try again.');
    });
    renderScreen(<VerifyEmailBanner />, { url: '/account' });
    await userEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(
      await screen.findByText(
        'We sent a new code to ada@example.com. It works for 15 minutes; codes sent before it no longer work.',
      ),
    ).toHaveRole('status');
    await userEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests.');
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /api/v1/email_verification',
      'POST /api/v1/email_verification',
    ]);
  });

  it('goes when the server says the address is already confirmed (409), after reading the account again', async () => {
    sessionStore.setUser(unverified);
    const calls = stubApi((call) =>
      call.path === '/api/v1/me'
        ? { status: 200, body: { ...signedInMe, email_verified: true } }
        : apiError(409, 'already_verified', 'Your e-mail address is already confirmed.'),
    );
    renderScreen(<VerifyEmailBanner />, { url: '/account' });
    await userEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByText('Your e-mail address is already confirmed.')).toBeInTheDocument();
    expect(banner()).not.toBeInTheDocument();
    expect(calls.map((call) => call.path)).toEqual(['/api/v1/email_verification', '/api/v1/me']);
  });

  it('goes when the stored user turns verified (the push of another page)', async () => {
    sessionStore.setUser(unverified);
    renderScreen(<VerifyEmailBanner />, { url: '/account' });
    expect(banner()).toBeInTheDocument();
    act(() => sessionStore.setUser({ ...unverified, email_verified: true }));
    await waitFor(() => expect(banner()).not.toBeInTheDocument());
    expect(screen.queryByText(CONFIRMED)).not.toBeInTheDocument();
  });
});
