import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '@/lib/session-store';
import { apiError, heldReply, stubApi, type ApiCall, type StubReply } from '@/test/fetch-stub';
import { accountPageReads, signedInMe, signedInUser } from '@/test/fixtures';
import { renderScreen } from '@/test/render-screen';
import { AccountPage } from './account-page';

/** The stand-in server: /me answers as given, no subscription, the password change as the test says. */
function server(
  change: () => StubReply | Promise<StubReply>,
  meReply: StubReply = { status: 200, body: signedInMe },
) {
  return stubApi((call: ApiCall) => {
    if (call.path === '/api/v1/me') return meReply;
    return accountPageReads(call) ?? change();
  });
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
});

describe('the account page', () => {
  it('shows the signed-in e-mail, a link to delete the account, and checks the session with the server', async () => {
    const calls = server(() => ({ status: 204 }));
    renderScreen(<AccountPage />, { url: '/account' });
    expect(screen.getByRole('heading', { name: 'Your account' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Signed in as' })).toHaveTextContent('ada@example.com');
    expect(screen.getByRole('link', { name: 'Delete your account' })).toHaveAttribute(
      'href',
      '/delete-account',
    );
    // Each panel asks for its own part when the page opens; nothing else is called.
    await waitFor(() =>
      expect(calls.map((call) => `${call.method} ${call.path}`).sort()).toEqual([
        'GET /api/v1/me',
        'GET /api/v1/passkeys',
        'GET /api/v1/sessions',
        'GET /api/v1/subscription',
        'GET /api/v1/two_factor',
      ]),
    );
    expect(calls[0]?.headers.Authorization).toBe('Bearer token-of-ada');
  });

  it('is signed out when the server no longer knows the session', async () => {
    server(() => ({ status: 204 }), apiError(401, 'invalid_token', 'Please sign in again.'));
    renderScreen(<AccountPage />, { url: '/account' });
    await waitFor(() => expect(sessionStore.getUser()).toBeNull());
  });

  it('changes the password with the current one, says so, and empties the fields', async () => {
    const held = heldReply({ status: 204 });
    const calls = server(() => held.promise);
    renderScreen(<AccountPage />, { url: '/account' });
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
    renderScreen(<AccountPage />, { url: '/account' });
    await changePassword('wrong', 'new secret 22');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your current password is not correct.');
    expect(alert).toHaveFocus();
    expect(screen.getByLabelText('New password')).toHaveValue('new secret 22');
  });

  it('catches a missing current password or a mistyped repeat without calling the server', async () => {
    const calls = server(() => ({ status: 204 }));
    renderScreen(<AccountPage />, { url: '/account' });
    await changePassword('', 'new secret 22');
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter your current password.');
    await userEvent.clear(screen.getByLabelText('New password'));
    await userEvent.clear(screen.getByLabelText('Repeat the new password'));
    await changePassword('old secret 1', 'new secret 22', 'new secret 23');
    expect(screen.getByRole('alert')).toHaveTextContent('The two new passwords do not match.');
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
  });

  it('is one page of titled sections, each with its anchor, linked from a navigation at the top, and deletion last', () => {
    server(() => ({ status: 204 }));
    renderScreen(<AccountPage />, { url: '/account' });
    const nav = screen.getByRole('navigation', { name: 'On this page' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Profile', '#profile'],
      ['Subscription', '#subscription'],
      ['Security', '#security'],
      ['Devices', '#devices'],
      ['Your data', '#data'],
    ]);
    for (const link of links) {
      const section = document.getElementById(link.getAttribute('href')!.slice(1));
      expect(section).toHaveAccessibleName(link.textContent!);
    }
    expect(
      within(document.getElementById('security')!).getByRole('button', { name: 'Change password' }),
    ).toBeVisible();
    expect(
      within(document.getElementById('devices')!).getByRole('heading', {
        name: 'Sign in on another device',
        level: 3,
      }),
    ).toBeVisible();
    const regions = screen.getAllByRole('region');
    expect(regions.at(-1)).toHaveAccessibleName('Delete account');
  });
});
