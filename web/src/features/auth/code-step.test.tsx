import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '@/lib/session-store';
import { apiError, heldReply, stubApi, type ApiCall } from '@/test/fetch-stub';
import { signedInUser } from '@/test/fixtures';
import { renderScreen } from '@/test/render-screen';
import { LoginScreen } from './login-screen';

const location = () => screen.getByRole('status', { name: 'Current location' });
const CHALLENGE = {
  two_factor_required: true,
  challenge: 'the-challenge',
  methods: ['totp', 'recovery_code'],
};
const isPasswordStep = (call: ApiCall) =>
  typeof call.body === 'object' &&
  call.body !== null &&
  'email' in (call.body as { session: object }).session;

async function passPasswordStep() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('E-mail'), 'ada@example.com');
  await user.type(screen.getByLabelText('Password'), 'correct horse');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

describe('the sign-in screen’s code step (two-step sign-in)', () => {
  it('asks for the app’s code after the right password, and signs in with it', async () => {
    const held = heldReply({ status: 200, body: signedInUser });
    const calls = stubApi((call) => (isPasswordStep(call) ? { status: 200, body: CHALLENGE } : held.promise));
    renderScreen(<LoginScreen />, { url: '/login', state: { from: '/account' } });
    const user = await passPasswordStep();
    const field = await screen.findByLabelText('Code from your authenticator app');
    expect(sessionStore.getUser()).toBeNull();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    await user.type(field, ' 123456 ');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByRole('progressbar', { name: 'Checking the code' })).toBeInTheDocument();
    held.release();
    await waitFor(() => expect(location()).toHaveTextContent(/^\/account$/));
    expect(sessionStore.getUser()).toEqual(signedInUser);
    expect(calls[1]).toEqual(
      expect.objectContaining({
        method: 'POST',
        path: '/api/v1/login',
        body: { session: { challenge: 'the-challenge', code: '123456' } },
      }),
    );
  });

  it('takes a recovery code instead, when asked', async () => {
    const calls = stubApi((call) =>
      isPasswordStep(call) ? { status: 200, body: CHALLENGE } : { status: 200, body: signedInUser },
    );
    renderScreen(<LoginScreen />, { url: '/login' });
    const user = await passPasswordStep();
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }));
    await user.type(screen.getByLabelText('Recovery code'), 'abcd-efgh-jkmn-pqrs');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(location()).toHaveTextContent(/^\/account$/));
    expect(calls[1]?.body).toEqual({ session: { challenge: 'the-challenge', code: 'abcd-efgh-jkmn-pqrs' } });
  });

  it('shows the server’s message for a wrong code and stays at the code step', async () => {
    const message =
      'That code is not right. Check the code your authenticator app shows now, or use a recovery code.';
    stubApi((call) =>
      isPasswordStep(call) ? { status: 200, body: CHALLENGE } : apiError(401, 'invalid_code', message),
    );
    renderScreen(<LoginScreen />, { url: '/login' });
    const user = await passPasswordStep();
    await user.type(await screen.findByLabelText('Code from your authenticator app'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(message);
    expect(alert).toHaveFocus();
    expect(sessionStore.getUser()).toBeNull();
    expect(screen.getByLabelText('Code from your authenticator app')).toBeInTheDocument();
  });

  it('asks for the code without calling the server when it is empty, and can start again', async () => {
    const calls = stubApi(() => ({ status: 200, body: CHALLENGE }));
    renderScreen(<LoginScreen />, { url: '/login' });
    const user = await passPasswordStep();
    await user.click(await screen.findByRole('button', { name: 'Verify' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Please enter the 6-digit code your authenticator app shows.',
    );
    expect(calls).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Start again with your password' }));
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });
});
