import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { PasskeyJson } from '@contract/passkeys';
import { sessionStore } from '@/lib/session-store';
import { apiError, stubApi } from '@/test/fetch-stub';
import { signedInUser } from '@/test/fixtures';
import { renderScreen } from '@/test/render-screen';
import { PasskeysRow } from './passkeys-panel';

// The browser's side of WebAuthn, as a browser that makes the passkey at once.
vi.mock('@simplewebauthn/browser', () => ({
  browserSupportsWebAuthn: () => true,
  startRegistration: async () => ({ id: 'cred-1', response: {} }),
}));

const added: PasskeyJson = {
  id: 'pk-1',
  name: 'Chrome on Linux',
  created_at: '2026-01-01T00:00:00.000Z',
  last_used_at: null,
};
const ASK = 'Please confirm it is you: this session signed in more than 5 minutes ago.';

describe('adding a passkey in a session older than 5 minutes, for an account without a password', () => {
  it('asks for a mailed code when the server wants a fresh proof, confirms with {code}, then adds it', async () => {
    sessionStore.setUser({ ...signedInUser, has_password: false });
    let fresh = false;
    const calls = stubApi((call) => {
      if (call.method === 'GET') return { status: 200, body: { passkeys: fresh ? [added] : [] } };
      if (call.path === '/api/v1/reauth_code') return { status: 204 };
      if (call.path === '/api/v1/reauthenticate') {
        fresh = true;
        return { status: 204 };
      }
      if (call.path === '/api/v1/passkeys/registration_options')
        return fresh
          ? { status: 200, body: { challenge: 'c', rp: { name: 'Moo' }, user: {}, pubKeyCredParams: [] } }
          : apiError(403, 'reauthentication_required', ASK);
      return { status: 201, body: added };
    });
    renderScreen(<PasskeysRow />, { url: '/account/security' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add a passkey' }));
    await user.click(screen.getByRole('button', { name: 'Add a passkey' }));
    expect(await screen.findByText(ASK)).toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add a passkey' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter the 6-digit code from the e-mail.');
    await user.click(screen.getByRole('button', { name: 'Email me a code' }));
    await user.type(screen.getByLabelText('Code from the e-mail'), '123456');
    await user.click(screen.getByRole('button', { name: 'Add a passkey' }));
    expect(await screen.findByText(/^Passkey “Chrome on Linux” added\./)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => [call.path, call.body])).toEqual([
      ['/api/v1/passkeys/registration_options', undefined],
      ['/api/v1/reauth_code', undefined],
      ['/api/v1/reauthenticate', { code: '123456' }],
      ['/api/v1/passkeys/registration_options', undefined],
      ['/api/v1/passkeys', { response: { id: 'cred-1', response: {} } }],
    ]);
  });
});
