import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '@/lib/session-store';
import { apiError, stubApi, type ApiCall, type StubReply } from '@/test/fetch-stub';
import { signedInUser } from '@/test/fixtures';
import { renderScreen } from '@/test/render-screen';
import { LoginScreen } from './login-screen';

const location = () => screen.getByRole('status', { name: 'Current location' });
const WRONG = apiError(401, 'invalid_code', 'This code is wrong or has expired.');

/** The sign-in screen with the e-mail typed and 'Email me a sign-in code' pressed. */
async function askForCode(login: (call: ApiCall) => StubReply) {
  const calls = stubApi((call) => (call.path === '/api/v1/login/email_code' ? { status: 204 } : login(call)));
  renderScreen(<LoginScreen />, { url: '/login', state: { from: '/pricing' } });
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('E-mail'), ' ada@example.com ');
  await user.click(screen.getByRole('button', { name: 'Email me a sign-in code' }));
  await screen.findByLabelText('Code from the e-mail');
  return { calls, user };
}

describe("the sign-in screen's 'Email me a sign-in code'", () => {
  it('mails a code to the address typed, then signs in with it and goes on to the page asked for', async () => {
    const { calls, user } = await askForCode(() => ({ status: 200, body: signedInUser }));
    expect(screen.getByText(/we sent it a 6-digit code\. It works for 10 minutes\./)).toHaveTextContent(
      'If an account with a confirmed address uses ada@example.com',
    );
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Code from the e-mail'), '123 456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(location()).toHaveTextContent('/pricing'));
    expect(sessionStore.getUser()).toEqual(signedInUser);
    expect(calls.map((call) => [call.path, call.body])).toEqual([
      ['/api/v1/login/email_code', { email: 'ada@example.com' }],
      ['/api/v1/login', { session: { email: 'ada@example.com', code: '123456' } }],
    ]);
  });

  it('asks for the e-mail first, without calling the server', async () => {
    const calls = stubApi(() => ({ status: 500 }));
    renderScreen(<LoginScreen />, { url: '/login' });
    await userEvent.click(screen.getByRole('button', { name: 'Email me a sign-in code' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter your e-mail address.');
    expect(calls).toEqual([]);
  });

  it("shows the server's sentence when no code can be sent now, and stays on the form", async () => {
    stubApi(() =>
      apiError(429, 'too_many_requests', 'Too many requests. Please wait a moment and try again.'),
    );
    renderScreen(<LoginScreen />, { url: '/login' });
    await userEvent.type(screen.getByLabelText('E-mail'), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Email me a sign-in code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests.');
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
  });

  it("shows the server's sentence for a wrong code, sends a new one, and goes back to the password", async () => {
    const { calls, user } = await askForCode(() => WRONG);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter the 6-digit code from the e-mail.');
    await user.type(screen.getByLabelText('Code from the e-mail'), '000000');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This code is wrong or has expired.');
    expect(sessionStore.getUser()).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(
      await screen.findByText('We sent a new code to ada@example.com. Codes sent before it no longer work.'),
    ).toHaveRole('status');
    await user.click(screen.getByRole('button', { name: 'Use your password instead' }));
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    expect(calls.map((call) => call.path)).toEqual([
      '/api/v1/login/email_code',
      '/api/v1/login',
      '/api/v1/login/email_code',
    ]);
  });

  it('goes on to the two-step code when the account has two-step sign-in on', async () => {
    const { calls, user } = await askForCode((call) =>
      'challenge' in ((call.body as { session: object }).session ?? {})
        ? { status: 200, body: signedInUser }
        : { status: 200, body: { two_factor_required: true, challenge: 'ch-1', methods: ['totp'] } },
    );
    await user.type(screen.getByLabelText('Code from the e-mail'), '123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await user.type(await screen.findByLabelText('Code from your authenticator app'), '654321');
    expect(screen.getByRole('button', { name: 'Start again' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(location()).toHaveTextContent('/pricing'));
    expect(calls.map((call) => call.body)).toEqual([
      { email: 'ada@example.com' },
      { session: { email: 'ada@example.com', code: '123456' } },
      { session: { challenge: 'ch-1', code: '654321' } },
    ]);
  });
});
