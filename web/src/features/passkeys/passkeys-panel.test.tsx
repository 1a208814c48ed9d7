import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PasskeyJson } from '@contract/passkeys';
import { accountEvents } from '@/lib/account-events';
import { sessionStore } from '@/lib/session-store';
import { apiError, heldReply, stubApi } from '@/test/fetch-stub';
import { signedInUser } from '@/test/fixtures';
import { renderScreen } from '@/test/render-screen';
import { PasskeysRow } from './passkeys-panel';

const laptop: PasskeyJson = {
  id: 'pk-1',
  name: 'Work laptop',
  created_at: '2026-01-01T00:00:00.000Z',
  last_used_at: null,
};

beforeEach(() => sessionStore.setUser(signedInUser));

describe("the account's Passkeys list", () => {
  it('shows the progress bar while the list loads, then says there are none', async () => {
    const held = heldReply({ status: 200, body: { passkeys: [] } });
    stubApi(() => held.promise);
    renderScreen(<PasskeysRow />, { url: '/account' });
    expect(screen.getByRole('progressbar', { name: 'Loading your passkeys' })).toBeInTheDocument();
    held.release();
    expect(await screen.findByText('You have no passkeys yet.')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('shows the server’s message when the list cannot be read, rather than saying there are none', async () => {
    stubApi(() => apiError(503, 'database_unavailable', "We can't reach our database right now."));
    renderScreen(<PasskeysRow />, { url: '/account' });
    expect(await screen.findByRole('alert')).toHaveTextContent("We can't reach our database right now.");
    expect(screen.queryByText('You have no passkeys yet.')).not.toBeInTheDocument();
  });

  it('reads the list again when another page adds one (security_changed)', async () => {
    let listed: PasskeyJson[] = [];
    const calls = stubApi(() => ({ status: 200, body: { passkeys: listed } }));
    renderScreen(<PasskeysRow />, { url: '/account' });
    await screen.findByText('You have no passkeys yet.');
    listed = [laptop];
    act(() => accountEvents.emit({ event: 'security_changed' }));
    expect(await screen.findByRole('list', { name: 'Your passkeys' })).toHaveTextContent('Work laptop');
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'GET /api/v1/passkeys',
      'GET /api/v1/passkeys',
    ]);
  });
});

describe('removing a passkey', () => {
  const desk: PasskeyJson = { ...laptop, id: 'pk-2', name: 'Desk' };

  it('asks for nothing more while other passkeys are left', async () => {
    let listed = [laptop, desk];
    const calls = stubApi((call) => {
      if (call.method === 'DELETE') {
        listed = [desk];
        return { status: 204 };
      }
      return { status: 200, body: { passkeys: listed } };
    });
    renderScreen(<PasskeysRow />, { url: '/account/security' });
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Work laptop' }));
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove passkey' }));
    expect(await screen.findByText('Passkey “Work laptop” removed: it can no longer sign in.')).toBeVisible();
    expect(calls.find((call) => call.method === 'DELETE')).toMatchObject({
      path: '/api/v1/passkeys/pk-1',
      body: undefined,
    });
  });

  it('asks for the password before the last one goes, and sends it', async () => {
    const calls = stubApi((call) =>
      call.method === 'DELETE'
        ? apiError(403, 'invalid_credentials', 'That password is not correct. Please try again.')
        : { status: 200, body: { passkeys: [laptop] } },
    );
    renderScreen(<PasskeysRow />, { url: '/account/security' });
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Work laptop' }));
    expect(
      screen.getByText(/It is your only passkey: after it, you sign in with your password\./),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Remove passkey' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter your password.');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong one');
    await userEvent.click(screen.getByRole('button', { name: 'Remove passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That password is not correct.');
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.body)).toEqual([
      { password: 'wrong one' },
    ]);
  });

  it('asks an account without a password for a mailed code before the last one goes', async () => {
    sessionStore.setUser({ ...signedInUser, has_password: false });
    const calls = stubApi((call) => {
      if (call.path === '/api/v1/reauth_code' || call.method === 'DELETE') return { status: 204 };
      return { status: 200, body: { passkeys: [laptop] } };
    });
    renderScreen(<PasskeysRow />, { url: '/account/security' });
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Work laptop' }));
    await userEvent.click(screen.getByRole('button', { name: 'Email me a code' }));
    await userEvent.type(screen.getByLabelText('Code from the e-mail'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Remove passkey' }));
    expect(await screen.findByText('Passkey “Work laptop” removed: it can no longer sign in.')).toBeVisible();
    expect(calls.filter((call) => call.method !== 'GET').map((call) => [call.path, call.body])).toEqual([
      ['/api/v1/reauth_code', undefined],
      ['/api/v1/passkeys/pk-1', { code: '123456' }],
    ]);
  });
});
