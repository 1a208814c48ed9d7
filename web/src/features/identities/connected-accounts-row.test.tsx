import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { IdentityJson } from '@contract/identities';
import { sessionStore } from '@/lib/session-store';
import { apiError, stubApi, type ApiCall, type StubReply } from '@/test/fetch-stub';
import { signedInUser } from '@/test/fixtures';
import { renderScreen } from '@/test/render-screen';
import { goTo } from './api/providers';
import { ConnectedAccountsRow } from './connected-accounts-row';

const PROVIDERS = [
  { id: 'google', name: 'Google', available: true },
  { id: 'apple', name: 'Apple', available: true },
];
const GOOGLE: IdentityJson = {
  id: 'id-1',
  provider: 'google',
  email: 'ada@gmail.example',
  created_at: '2026-01-01T00:00:00.000Z',
  last_used_at: null,
};

beforeEach(() => sessionStore.setUser(signedInUser));
afterEach(() => vi.restoreAllMocks());

function server(
  identities: IdentityJson[],
  more: (call: ApiCall) => StubReply | undefined = () => undefined,
) {
  return stubApi((call) => {
    if (call.path === '/api/v1/auth/providers') return { status: 200, body: { providers: PROVIDERS } };
    if (call.method === 'GET' && call.path === '/api/v1/identities')
      return { status: 200, body: { identities } };
    return more(call) ?? { status: 500 };
  });
}

describe('Connected accounts on /account/security (DESIGN 14)', () => {
  it('lists the connected accounts, and connects another with a one-time link token', async () => {
    const calls = server([GOOGLE], (call) =>
      call.path === '/api/v1/identities/link_token'
        ? { status: 200, body: { link_token: 'tok', expires_at: '2026-01-01T00:10:00.000Z' } }
        : undefined,
    );
    const assign = vi.spyOn(goTo, 'assign').mockImplementation(() => undefined);
    renderScreen(<ConnectedAccountsRow />, { url: '/account/security' });
    const list = await screen.findByRole('list', { name: 'Your connected accounts' });
    expect(list).toHaveTextContent('Google · ada@gmail.example');
    expect(list).toHaveTextContent('not used to sign in yet');
    await userEvent.click(screen.getByRole('button', { name: 'Connect' }));
    // Google is connected already: only Apple is offered.
    expect(screen.queryByRole('button', { name: 'Connect Google' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Connect Apple' }));
    await vi.waitFor(() =>
      expect(assign).toHaveBeenCalledWith(
        '/auth/apple/start?intent=link&link_token=tok&return_to=%2Faccount%2Fsecurity',
      ),
    );
    expect(calls.map((c) => `${c.method} ${c.path}`)).toContain('POST /api/v1/identities/link_token');
  });

  it('asks for the password first when the session is not fresh, then connects', async () => {
    let fresh = false;
    const calls = server([], (call) => {
      if (call.path === '/api/v1/reauthenticate') {
        fresh = true;
        return { status: 204 };
      }
      if (call.path === '/api/v1/identities/link_token')
        return fresh
          ? { status: 200, body: { link_token: 'tok', expires_at: '2026-01-01T00:10:00.000Z' } }
          : apiError(
              403,
              'reauthentication_required',
              'For your safety, please confirm it is you: enter your password.',
            );
      return undefined;
    });
    const assign = vi.spyOn(goTo, 'assign').mockImplementation(() => undefined);
    renderScreen(<ConnectedAccountsRow />, { url: '/account/security' });
    await userEvent.click(await screen.findByRole('button', { name: 'Connect' }));
    await userEvent.click(screen.getByRole('button', { name: 'Connect Google' }));
    expect(
      await screen.findByText('For your safety, please confirm it is you: enter your password.'),
    ).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Your password'), 'violet kettle rainfall');
    await userEvent.click(screen.getByRole('button', { name: 'Connect Google' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalled());
    expect(calls.find((c) => c.path === '/api/v1/reauthenticate')?.body).toEqual({
      password: 'violet kettle rainfall',
    });
  });

  it('disconnects with the password, and shows the server’s refusal of the last way in', async () => {
    let refuse = true;
    const calls = server([GOOGLE], (call) => {
      if (call.method === 'DELETE')
        return refuse
          ? apiError(
              409,
              'last_sign_in_method',
              'This is your only way to sign in. Set a password or add a passkey first, then disconnect it.',
            )
          : { status: 204 };
      return undefined;
    });
    renderScreen(<ConnectedAccountsRow />, { url: '/account/security' });
    const item = within(await screen.findByRole('list', { name: 'Your connected accounts' }));
    await userEvent.click(item.getByRole('button', { name: 'Disconnect' }));
    await userEvent.type(item.getByLabelText('Your password'), 'violet kettle rainfall');
    await userEvent.click(item.getByRole('button', { name: 'Disconnect Google' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This is your only way to sign in.');
    refuse = false;
    await userEvent.click(item.getByRole('button', { name: 'Disconnect Google' }));
    expect(
      await screen.findByText('Google was disconnected: it can no longer sign in to your account.'),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.body)).toEqual([
      { password: 'violet kettle rainfall' },
      { password: 'violet kettle rainfall' },
    ]);
  });

  it('asks an account without a password for a mailed code instead', async () => {
    sessionStore.setUser({ ...signedInUser, has_password: false });
    const calls = server([GOOGLE], (call) =>
      call.method === 'POST' || call.method === 'DELETE' ? { status: 204 } : undefined,
    );
    renderScreen(<ConnectedAccountsRow />, { url: '/account/security' });
    const item = within(await screen.findByRole('list', { name: 'Your connected accounts' }));
    await userEvent.click(item.getByRole('button', { name: 'Disconnect' }));
    expect(item.queryByLabelText('Your password')).not.toBeInTheDocument();
    await userEvent.click(item.getByRole('button', { name: 'E-mail me a code' }));
    await userEvent.type(item.getByLabelText('Code from the e-mail'), '123456');
    await userEvent.click(item.getByRole('button', { name: 'Disconnect Google' }));
    await vi.waitFor(() =>
      expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.body)).toEqual([{ code: '123456' }]),
    );
    expect(calls.map((c) => `${c.method} ${c.path}`)).toContain('POST /api/v1/reauth_code');
  });

  it('says what the flow came back with: connected, or the sentence of its error', async () => {
    server([GOOGLE]);
    const { unmount } = renderScreen(<ConnectedAccountsRow />, { url: '/account/security?connected=google' });
    expect(await screen.findByText('Google is connected: you can now sign in with it.')).toBeInTheDocument();
    unmount();
    renderScreen(<ConnectedAccountsRow />, {
      url: '/account/security?error=oidc_identity_taken&provider=apple',
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This Apple account is already connected to another account here. Disconnect it there first.',
    );
  });

  it('is not shown when the server offers no provider', async () => {
    const calls = stubApi((call) =>
      call.path === '/api/v1/auth/providers'
        ? { status: 200, body: { providers: [] } }
        : { status: 200, body: { identities: [] } },
    );
    renderScreen(<ConnectedAccountsRow />, { url: '/account/security' });
    await vi.waitFor(() => expect(calls.length).toBeGreaterThan(0));
    expect(screen.queryByRole('heading', { name: 'Connected accounts' })).not.toBeInTheDocument();
  });
});
