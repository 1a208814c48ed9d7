import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountEvents } from '@/lib/account-events';
import { sessionStore } from '@/lib/session-store';
import { apiError, heldReply, stubApi, type ApiCall, type StubReply } from '@/test/fetch-stub';
import { signedInUser } from '@/test/fixtures';
import { renderScreen } from '@/test/render-screen';
import { TwoFactorRows } from './two-factor-panel';

beforeEach(() => sessionStore.setUser(signedInUser));
afterEach(() => vi.restoreAllMocks());

const OFF = { enabled: false, recovery_codes_left: 0 };
const ON = { enabled: true, recovery_codes_left: 10 };
const CODES = Array.from({ length: 10 }, (_, i) => `abc${i}-defg-hjkm-npqr`);
const SETUP = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  otpauth_url: 'otpauth://totp/Moo:ada%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Moo',
  qr_code: 'data:image/svg+xml;base64,PHN2Zy8+',
};
const WRONG_PASSWORD = 'That password is not correct. Please try again.';

/** A server whose two-step setting the test moves; other calls go to `answer`. */
function server(answer: (call: ApiCall) => StubReply | Promise<StubReply> | undefined) {
  let status = OFF;
  const calls = stubApi(async (call) => {
    const reply = await answer(call);
    if (reply) return reply;
    if (call.method === 'GET' && call.path === '/api/v1/two_factor') return { status: 200, body: status };
    throw new Error(`unexpected ${call.method} ${call.path}`);
  });
  return { calls, set: (next: typeof OFF) => (status = next) };
}

describe('the Two-step sign-in panel', () => {
  it('sets it up: password, QR code and key, the code, then the recovery codes once with a download', async () => {
    const api = server((call) => {
      if (call.path === '/api/v1/two_factor/setup') return { status: 200, body: SETUP };
      if (call.path === '/api/v1/two_factor/enable') {
        api.set(ON);
        return { status: 200, body: { recovery_codes: CODES } };
      }
      return undefined;
    });
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:codes';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    renderScreen(<TwoFactorRows />, { url: '/account' });
    const user = userEvent.setup();
    expect(await screen.findByText(/Two-step sign-in is off\./)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Set up two-step sign-in' }));
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Set up two-step sign-in' }));
    expect(
      await screen.findByRole('img', { name: 'QR code to scan with your authenticator app' }),
    ).toHaveAttribute('src', SETUP.qr_code);
    expect(screen.getByLabelText('Set-up key')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    await user.type(screen.getByLabelText('2. Enter the 6-digit code the app shows'), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on two-step sign-in' }));
    expect(await screen.findByText(/Two-step sign-in is on\. From now on/)).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Your recovery codes' });
    expect(list.querySelectorAll('li')).toHaveLength(10);
    await user.click(screen.getByRole('button', { name: 'Download the codes' }));
    expect(clicked).toEqual(['recovery-codes.txt']);
    expect(blobs).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'I have saved my recovery codes' }));
    expect(screen.queryByRole('list', { name: 'Your recovery codes' })).not.toBeInTheDocument();
    expect(screen.getByText(/10 recovery codes are left\./)).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'POST').map((call) => [call.path, call.body])).toEqual([
      ['/api/v1/two_factor/setup', { password: 'correct horse' }],
      ['/api/v1/two_factor/enable', { code: '123456' }],
    ]);
  });

  it('shows the server’s message for a wrong password and for a wrong code', async () => {
    server((call) => {
      if (call.path === '/api/v1/two_factor/setup')
        return call.body && (call.body as { password: string }).password === 'right one'
          ? { status: 200, body: SETUP }
          : apiError(403, 'invalid_credentials', WRONG_PASSWORD);
      if (call.path === '/api/v1/two_factor/enable')
        return apiError(422, 'invalid_code', 'That code is not right.');
      return undefined;
    });
    renderScreen(<TwoFactorRows />, { url: '/account' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Set up two-step sign-in' }));
    await user.type(screen.getByLabelText('Password'), 'wrong one');
    await user.click(screen.getByRole('button', { name: 'Set up two-step sign-in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(WRONG_PASSWORD);
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'right one');
    await user.click(screen.getByRole('button', { name: 'Set up two-step sign-in' }));
    await user.type(await screen.findByLabelText('2. Enter the 6-digit code the app shows'), '000000');
    await user.click(screen.getByRole('button', { name: 'Turn on two-step sign-in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not right.');
  });

  it('asks for the password and the code before calling the server', async () => {
    const api = server((call) =>
      call.path === '/api/v1/two_factor/setup' ? { status: 200, body: SETUP } : undefined,
    );
    renderScreen(<TwoFactorRows />, { url: '/account' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Set up two-step sign-in' }));
    await user.click(screen.getByRole('button', { name: 'Set up two-step sign-in' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter your password.');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Set up two-step sign-in' }));
    await user.click(await screen.findByRole('button', { name: 'Turn on two-step sign-in' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Please enter the 6-digit code your authenticator app shows.',
    );
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('says what turning it off changes before it does it, and confirms after', async () => {
    const held = heldReply({ status: 204 });
    const api = server((call) => {
      if (call.path === '/api/v1/two_factor/disable')
        return held.promise.then((reply) => {
          api.set(OFF);
          return reply;
        });
      return undefined;
    });
    api.set(ON);
    renderScreen(<TwoFactorRows />, { url: '/account' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Turn off two-step sign-in' }));
    expect(
      screen.getByText(/If you turn off two-step sign-in, your password alone will sign in to your account/),
    ).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Yes, turn off two-step sign-in' }));
    expect(screen.getByRole('progressbar', { name: 'Checking your password' })).toBeInTheDocument();
    held.release();
    expect(
      await screen.findByText(
        'Two-step sign-in is off. Your password alone now signs in, and your recovery codes no longer work.',
      ),
    ).toBeInTheDocument();
    expect(api.calls.find((call) => call.path === '/api/v1/two_factor/disable')?.body).toEqual({
      password: 'correct horse',
    });
  });

  it('keeps it on when the person changes their mind, or the password is wrong', async () => {
    const api = server((call) =>
      call.path === '/api/v1/two_factor/disable'
        ? apiError(403, 'invalid_credentials', WRONG_PASSWORD)
        : undefined,
    );
    api.set(ON);
    renderScreen(<TwoFactorRows />, { url: '/account' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Turn off two-step sign-in' }));
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Yes, turn off two-step sign-in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(WRONG_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Keep it on' }));
    expect(screen.getByRole('button', { name: 'Turn off two-step sign-in' })).toBeInTheDocument();
    expect(screen.getByText(/Two-step sign-in is on:/)).toBeInTheDocument();
  });

  it('makes new recovery codes after saying the old ones stop working', async () => {
    const api = server((call) =>
      call.path === '/api/v1/two_factor/recovery_codes'
        ? { status: 200, body: { recovery_codes: CODES } }
        : undefined,
    );
    api.set({ enabled: true, recovery_codes_left: 1 });
    renderScreen(<TwoFactorRows />, { url: '/account' });
    const user = userEvent.setup();
    expect(await screen.findByText(/1 recovery code is left\./)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Make new recovery codes' }));
    expect(screen.getByText(/the old codes, used or not, stop working at once/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Make new recovery codes' }));
    expect(
      await screen.findByText('New recovery codes are ready. Your old codes no longer work.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Your recovery codes' })).toHaveTextContent(CODES[0]!);
  });

  it('keeps the old recovery codes when the password is wrong, and says so', async () => {
    const api = server((call) =>
      call.path === '/api/v1/two_factor/recovery_codes'
        ? apiError(403, 'invalid_credentials', WRONG_PASSWORD)
        : undefined,
    );
    api.set(ON);
    renderScreen(<TwoFactorRows />, { url: '/account' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Make new recovery codes' }));
    await user.click(screen.getByRole('button', { name: 'Make new recovery codes' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter your password.');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Make new recovery codes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(WRONG_PASSWORD);
    expect(screen.queryByRole('list', { name: 'Your recovery codes' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText(/10 recovery codes are left\./)).toBeInTheDocument();
  });

  it('reads the setting again when another page changes it (security_changed)', async () => {
    const api = server(() => undefined);
    renderScreen(<TwoFactorRows />, { url: '/account' });
    expect(await screen.findByText(/Two-step sign-in is off\./)).toBeInTheDocument();
    api.set(ON);
    act(() => accountEvents.emit({ event: 'security_changed' }));
    expect(await screen.findByText(/Two-step sign-in is on:/)).toBeInTheDocument();
  });

  it('shows a progress bar while reading the setting, and the server’s message when that fails', async () => {
    const held = heldReply(apiError(503, 'database_unavailable', "We can't reach our database right now."));
    stubApi(() => held.promise);
    renderScreen(<TwoFactorRows />, { url: '/account' });
    expect(screen.getByRole('progressbar', { name: 'Loading two-step sign-in' })).toBeInTheDocument();
    held.release();
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent("We can't reach our database right now."),
    );
  });
});

describe('the Two-step sign-in panel, for an account without a password', () => {
  it('sets it up with a mailed code, sent as {code}', async () => {
    sessionStore.setUser({ ...signedInUser, has_password: false });
    const api = server((call) => {
      if (call.path === '/api/v1/reauth_code') return { status: 204 };
      if (call.path === '/api/v1/two_factor/setup') return { status: 200, body: SETUP };
      return undefined;
    });
    renderScreen(<TwoFactorRows />, { url: '/account' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Set up two-step sign-in' }));
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Email me a code' }));
    await screen.findByText(/^We sent a 6-digit code/);
    await user.type(screen.getByLabelText('Code from the e-mail'), '123456');
    await user.click(screen.getByRole('button', { name: 'Set up two-step sign-in' }));
    expect(
      await screen.findByRole('img', { name: 'QR code to scan with your authenticator app' }),
    ).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'POST').map((call) => [call.path, call.body])).toEqual([
      ['/api/v1/reauth_code', undefined],
      ['/api/v1/two_factor/setup', { code: '123456' }],
    ]);
  });

  it('turns it off with a mailed code', async () => {
    sessionStore.setUser({ ...signedInUser, has_password: false });
    const api = server((call) => {
      if (call.path === '/api/v1/two_factor/disable') {
        api.set(OFF);
        return { status: 204 };
      }
      return undefined;
    });
    api.set(ON);
    renderScreen(<TwoFactorRows />, { url: '/account' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Turn off two-step sign-in' }));
    await user.type(screen.getByLabelText('Code from the e-mail'), '654321');
    await user.click(screen.getByRole('button', { name: 'Yes, turn off two-step sign-in' }));
    expect(await screen.findByText(/Two-step sign-in is off\. Your password alone/)).toBeVisible();
    expect(api.calls.filter((call) => call.method === 'POST').map((call) => [call.path, call.body])).toEqual([
      ['/api/v1/two_factor/disable', { code: '654321' }],
    ]);
  });
});
