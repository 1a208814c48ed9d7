import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUnauthorizedHandler } from '../../lib/http-client';
import { sessionStore } from '../../lib/session-store';
import { apiError, heldReply, stubApi, type ApiCall, type StubReply } from '../../test/fetch-stub';
import { renderScreen, signedInUser } from '../../test/render-screen';
import { AccountScreen } from './account-screen';

const { auth_token: _token, ...me } = signedInUser;

/** The stand-in server: /me answers as given, the password change as the test says. */
function server(
  change: () => StubReply | Promise<StubReply>,
  meReply: StubReply = { status: 200, body: me },
) {
  return stubApi((call: ApiCall) => (call.path === '/api/v1/me' ? meReply : change()));
}

async function changePassword(current: string, password: string, repeat = password) {
  const user = userEvent.setup();
  if (current) await user.type(screen.getByLabelText('Current password'), current);
  if (password) await user.type(screen.getByLabelText('New password'), password);
  if (repeat) await user.type(screen.getByLabelText('Repeat the new password'), repeat);
  await user.click(screen.getByRole('button', { name: 'Change password' }));
}

beforeEach(() => {
  sessionStore.setUser(signedInUser);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the account screen', () => {
  it('shows the signed-in e-mail, a link to delete the account, and checks the session with the server', async () => {
    const calls = server(() => ({ status: 204 }));
    renderScreen(<AccountScreen />, { url: '/account' });
    expect(screen.getByRole('heading', { name: 'Your account' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Signed in as' })).toHaveTextContent('ada@example.com');
    expect(screen.getByRole('link', { name: 'Delete your account' })).toHaveAttribute(
      'href',
      '/delete-account',
    );
    await waitFor(() =>
      expect(calls).toEqual([expect.objectContaining({ method: 'GET', path: '/api/v1/me' })]),
    );
    expect(calls[0]?.headers.Authorization).toBe('Bearer token-of-ada');
  });

  it('is signed out when the server no longer knows the session', async () => {
    setUnauthorizedHandler(() => sessionStore.clear());
    server(() => ({ status: 204 }), apiError(401, 'invalid_token', 'Please sign in again.'));
    renderScreen(<AccountScreen />, { url: '/account' });
    await waitFor(() => expect(sessionStore.getUser()).toBeNull());
    setUnauthorizedHandler(() => {});
  });

  it('changes the password with the current one, says so, and empties the fields', async () => {
    const held = heldReply({ status: 204 });
    const calls = server(() => held.promise);
    renderScreen(<AccountScreen />, { url: '/account' });
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(/Use 8 to 128 characters/);
    await changePassword('old secret 1', 'new secret 22');
    expect(screen.getByRole('progressbar', { name: 'Changing your password' })).toBeInTheDocument();
    held.release();
    const status = await screen.findByText(/Your password has been changed. You stay signed in here/);
    expect(status).toHaveFocus();
    for (const label of ['Current password', 'New password', 'Repeat the new password']) {
      expect(screen.getByLabelText(label)).toHaveValue('');
    }
    expect(calls).toContainEqual(
      expect.objectContaining({
        method: 'PUT',
        path: '/api/v2/change_password',
        body: { current_password: 'old secret 1', password: 'new secret 22' },
      }),
    );
    expect(sessionStore.getUser()).toEqual(signedInUser);
  });

  it("shows the server's message for a wrong current password, focused, and keeps what was typed", async () => {
    server(() => apiError(403, 'invalid_credentials', 'Your current password is not correct.'));
    renderScreen(<AccountScreen />, { url: '/account' });
    await changePassword('wrong', 'new secret 22');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your current password is not correct.');
    expect(alert).toHaveFocus();
    expect(screen.getByLabelText('New password')).toHaveValue('new secret 22');
  });

  it('catches a missing current password or a mistyped repeat without calling the server', async () => {
    const calls = server(() => ({ status: 204 }));
    renderScreen(<AccountScreen />, { url: '/account' });
    await changePassword('', 'new secret 22');
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter your current password.');
    await userEvent.clear(screen.getByLabelText('New password'));
    await userEvent.clear(screen.getByLabelText('Repeat the new password'));
    await changePassword('old secret 1', 'new secret 22', 'new secret 23');
    expect(screen.getByRole('alert')).toHaveTextContent('The two new passwords do not match.');
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
  });

  it('renders what another feature adds in a section of its own', () => {
    server(() => ({ status: 204 }));
    renderScreen(
      <AccountScreen>
        <h2>Sign in on another device</h2>
      </AccountScreen>,
      { url: '/account' },
    );
    const heading = screen.getByRole('heading', { name: 'Sign in on another device' });
    expect(heading.parentElement?.tagName).toBe('SECTION');
  });
});
