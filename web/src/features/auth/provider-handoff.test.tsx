import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '@/lib/session-store';
import { stubApi } from '@/test/fetch-stub';
import { signedInUser } from '@/test/fixtures';
import { renderScreen } from '@/test/render-screen';
import { LoginScreen } from './login-screen';

const location = () => screen.getByRole('status', { name: 'Current location' });

describe('the sign-in screen after a provider sign-in (DESIGN 14)', () => {
  it('asks for the two-step code when the pending token asks for it, then signs in', async () => {
    const calls = stubApi((call) => {
      const session = (call.body as { session: Record<string, string> }).session;
      if ('auth_token' in session)
        return {
          status: 200,
          body: { two_factor_required: true, challenge: 'challenge-1', methods: ['totp', 'recovery_code'] },
        };
      return { status: 200, body: { ...signedInUser, auth_token: 'after-code' } };
    });
    renderScreen(<LoginScreen />, { url: '/login#auth_token=provider-token' });
    const field = await screen.findByLabelText('Code from your authenticator app');
    expect(sessionStore.token).toBeNull();
    await userEvent.type(field, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(sessionStore.token).toBe('after-code'));
    expect(calls.map((call) => call.body)).toEqual([
      { session: { auth_token: 'provider-token', qr: true } },
      { session: { challenge: 'challenge-1', code: '123456' } },
    ]);
  });

  it('goes to the return_to path the flow kept, a path of this app only', async () => {
    stubApi(() => ({ status: 200, body: { ...signedInUser, auth_token: 'new' } }));
    renderScreen(<LoginScreen />, { url: '/login?return_to=%2Fpricing#auth_token=provider-token' });
    await waitFor(() => expect(location()).toHaveTextContent(/^\/pricing$/));
  });

  it('ignores a return_to that would leave the app', async () => {
    stubApi(() => ({ status: 200, body: { ...signedInUser, auth_token: 'new' } }));
    renderScreen(<LoginScreen />, { url: '/login?return_to=%2F%2Fevil.example#auth_token=provider-token' });
    await waitFor(() => expect(location()).toHaveTextContent(/^\/account$/));
  });
});
