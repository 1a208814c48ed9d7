import { act, screen } from '@testing-library/react';
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
