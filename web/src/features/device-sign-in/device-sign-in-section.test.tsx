import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { accountEvents } from '@/lib/account-events';
import { sessionStore } from '@/lib/session-store';
import { apiError, heldReply, stubApi, type StubReply } from '@/test/fetch-stub';
import { signedInUser } from '@/test/fixtures';
import { renderScreen } from '@/test/render-screen';
import { checkPasswordForQrCode, QrCodeError } from './api/check-password';
import { DeviceSignInRow } from './device-sign-in-section';

/** The row, opened as a person would. */
async function renderOpened() {
  renderScreen(<DeviceSignInRow />, { url: '/account/devices' });
  await userEvent.click(screen.getByRole('button', { name: 'Get a QR code' }));
}

const LINK = 'http://localhost/login#auth_token=qr-token';
const QR = 'data:image/svg+xml;base64,PHN2Zy8+';
const codeReply = (secondsLeft = 300): StubReply => ({
  status: 200,
  body: { qr_code: QR, link: LINK, expires_at: new Date(Date.now() + secondsLeft * 1000).toISOString() },
});

async function askForCode(password: string) {
  const user = userEvent.setup();
  if (password) await user.type(screen.getByLabelText('Your password'), password);
  await user.click(screen.getByRole('button', { name: 'Show QR code' }));
}

beforeEach(() => {
  sessionStore.setUser(signedInUser);
});

describe('Sign in on another device', () => {
  it('confirms the password, then shows the QR code, the link and the time left', async () => {
    const held = heldReply(codeReply());
    const calls = stubApi(() => held.promise);
    await renderOpened();
    expect(screen.getByRole('heading', { name: 'Sign in on another device' })).toBeInTheDocument();
    await askForCode('my password');
    expect(screen.getByRole('progressbar', { name: 'Checking your password' })).toBeInTheDocument();
    held.release();

    const image = await screen.findByRole('img', { name: 'QR code that signs in another device' });
    expect(image).toHaveAttribute('src', QR);
    expect(screen.getByLabelText('Link for the other device')).toHaveValue(LINK);
    expect(screen.getByText(/This code expires in/)).toHaveTextContent(/This code expires in [45]:\d\d\./);
    expect(screen.getByText('Scan the code with the other device, or open the link there.')).toHaveRole(
      'status',
    );
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Your password')).toHaveValue('');
    expect(calls).toEqual([
      expect.objectContaining({
        method: 'GET',
        path: '/api/v1/check_chromes_password',
        query: { password: 'my password' },
      }),
    ]);
    expect(calls[0]?.headers.Authorization).toBe('Bearer token-of-ada');
  });

  it('asks for the password without calling the server when it is empty', async () => {
    const calls = stubApi(() => codeReply());
    await renderOpened();
    await askForCode('');
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter your password to get a sign-in code.');
    expect(calls).toEqual([]);
  });

  it.each([
    [apiError(403, 'invalid_credentials', 'x'), 'That password is not correct. Please try again.'],
    [apiError(429, 'too_many_requests', 'x'), 'Too many attempts. Please wait a few minutes and try again.'],
    [apiError(500, 'internal_error', 'x'), 'Something went wrong on our side. Please try again in a moment.'],
    ['networkError' as const, 'The server could not be reached. Please check your connection and try again.'],
  ])('says what went wrong and shows no code: %j', async (reply, message) => {
    stubApi(() => reply);
    await renderOpened();
    await askForCode('my password');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('counts down, and says when the code has expired', async () => {
    // The clock stands still on a whole second until the test moves it.
    vi.useFakeTimers({
      now: new Date('2030-01-01T00:00:00Z'),
      toFake: ['Date', 'setInterval', 'clearInterval'],
    });
    stubApi(() => codeReply(3));
    await renderOpened();
    await askForCode('my password');
    expect(await screen.findByText(/This code expires in/)).toHaveTextContent('This code expires in 0:03.');
    await act(async () => vi.advanceTimersByTime(1000));
    expect(screen.getByText(/This code expires in/)).toHaveTextContent('This code expires in 0:02.');
    await act(async () => vi.advanceTimersByTime(3000));
    expect(
      screen.getByText('This code has expired. Confirm your password again for a new one.'),
    ).toBeVisible();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('says "A new device signed in" when the push channel reports the QR sign-in, and retires the code', async () => {
    stubApi(() => codeReply());
    await renderOpened();
    await askForCode('my password');
    await screen.findByRole('img');
    act(() => accountEvents.emit({ event: 'password_changed' }));
    expect(screen.queryByText(/A new device signed in/)).not.toBeInTheDocument();
    act(() => accountEvents.emit({ event: 'session_created', kind: 'qr' }));
    expect(screen.getByText(/^A new device signed in\./)).toHaveRole('status');
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });
});

describe('checkPasswordForQrCode', () => {
  it('rethrows a failure as an error that carries only the status', async () => {
    stubApi(() => apiError(403, 'invalid_credentials', 'That password is not correct.'));
    const error = await checkPasswordForQrCode({ password: 'x' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(QrCodeError);
    expect(error).toMatchObject({ status: 403 });
    expect((error as Error).message).not.toContain('That password is not correct');
    stubApi(() => 'networkError');
    await expect(checkPasswordForQrCode({ password: 'x' })).rejects.toMatchObject({ status: 0 });
  });

  it('signs the page out on 401 like every other call', async () => {
    stubApi(() => apiError(401, 'invalid_token', 'Please sign in again.'));
    await expect(checkPasswordForQrCode({ password: 'x' })).rejects.toMatchObject({ status: 401 });
    await waitFor(() => expect(sessionStore.getUser()).toBeNull());
  });
});

describe('Sign in on another device, for an account without a password', () => {
  it('asks for a mailed code, sends it as ?code=, and says so when the code is wrong', async () => {
    sessionStore.setUser({ ...signedInUser, has_password: false });
    let tries = 0;
    const calls = stubApi((call) => {
      if (call.path === '/api/v1/reauth_code') return { status: 204 };
      tries += 1;
      return tries === 1 ? apiError(403, 'invalid_code', 'This code is wrong or has expired.') : codeReply();
    });
    await renderOpened();
    expect(screen.queryByLabelText('Your password')).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Email me a code' }));
    await screen.findByText(/^We sent a 6-digit code/);
    await user.type(screen.getByLabelText('Code from the e-mail'), '111111');
    await user.click(screen.getByRole('button', { name: 'Show QR code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This code is wrong or has expired.');
    await user.clear(screen.getByLabelText('Code from the e-mail'));
    await user.type(screen.getByLabelText('Code from the e-mail'), '222222');
    await user.click(screen.getByRole('button', { name: 'Show QR code' }));
    expect(
      await screen.findByRole('img', { name: 'QR code that signs in another device' }),
    ).toBeInTheDocument();
    expect(calls.map((call) => [call.path, call.query])).toEqual([
      ['/api/v1/reauth_code', {}],
      ['/api/v1/check_chromes_password', { code: '111111' }],
      ['/api/v1/check_chromes_password', { code: '222222' }],
    ]);
  });
});
