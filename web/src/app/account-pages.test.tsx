import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '@/lib/session-store';
import { apiError, heldReply, stubApi, type ApiCall, type StubReply } from '@/test/fetch-stub';
import { accountPageReads, signedInMe, signedInUser } from '@/test/fixtures';
import { renderScreen } from '@/test/render-screen';
import {
  AccountBillingPage,
  AccountDataPage,
  AccountDevicesPage,
  AccountProfilePage,
  AccountSecurityPage,
} from './account-pages';

/** The stand-in server: /me answers as given, no subscription, the password change as the test says. */
function server(
  change: () => StubReply | Promise<StubReply> = () => ({ status: 204 }),
  meReply: StubReply = { status: 200, body: signedInMe },
) {
  return stubApi((call: ApiCall) => {
    if (call.path === '/api/v1/me') return meReply;
    return accountPageReads(call) ?? change();
  });
}

const passwordInputs = () => document.querySelectorAll('input[type="password"]');

/** Opens the Password row and goes through both steps of its form. */
async function changePassword(current: string, password: string) {
  const user = userEvent.setup();
  const row = screen.getByRole('region', { name: 'Password' });
  const open = within(row).queryByRole('button', { name: 'Change password' });
  if (open) await user.click(open);
  if (current) await user.type(screen.getByLabelText('Current password'), current);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  if (!current) return;
  if (password) await user.type(screen.getByLabelText('New password'), password);
  await user.click(screen.getByRole('button', { name: 'Change password' }));
}

beforeEach(() => {
  sessionStore.setUser(signedInUser);
});

describe('the settings area', () => {
  it('opens on the profile: the signed-in e-mail, the pages of the area, and a check of the session with the server', async () => {
    const calls = server();
    renderScreen(<AccountProfilePage />, { url: '/account' });
    expect(screen.getByRole('heading', { name: 'Your account', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'E-mail address' })).toHaveTextContent(
      'ada@example.com',
    );
    const nav = screen.getByRole('navigation', { name: 'Settings' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Profile›', '/account'],
      ['Security›', '/account/security'],
      ['Devices›', '/account/devices'],
      ['Billing›', '/account/billing'],
      ['Your data›', '/account/data'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Profile' })).toHaveAttribute('aria-current', 'page');
    await waitFor(() =>
      expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /api/v1/me']),
    );
    expect(calls[0]?.headers.Authorization).toBe('Bearer token-of-ada');
  });

  it('is signed out when the server no longer knows the session', async () => {
    server(() => ({ status: 204 }), apiError(401, 'invalid_token', 'Please sign in again.'));
    renderScreen(<AccountProfilePage />, { url: '/account' });
    await waitFor(() => expect(sessionStore.getUser()).toBeNull());
  });

  it.each([
    ['#subscription', '/account/billing'],
    ['#security', '/account/security'],
    ['#devices', '/account/devices'],
    ['#data', '/account/data'],
  ])('leads the old anchor /account%s to %s', async (hash, page) => {
    server();
    renderScreen(<AccountProfilePage />, { url: `/account${hash}` });
    expect(await screen.findByRole('status', { name: 'Current location' })).toHaveTextContent(page);
  });

  it('keeps each page to its own reads', async () => {
    const pages = [
      [
        <AccountSecurityPage key="s" />,
        '/account/security',
        ['GET /api/v1/auth/providers', 'GET /api/v1/passkeys', 'GET /api/v1/two_factor'],
      ],
      [<AccountDevicesPage key="d" />, '/account/devices', ['GET /api/v1/sessions']],
      [
        <AccountBillingPage key="b" />,
        '/account/billing',
        ['GET /api/v1/billing/transactions', 'GET /api/v1/subscription'],
      ],
    ] as const;
    for (const [page, url, reads] of pages) {
      const calls = server();
      const { unmount } = renderScreen(page, { url });
      await waitFor(() => expect(calls.map((call) => `${call.method} ${call.path}`).sort()).toEqual(reads));
      unmount();
    }
  });

  it("ends with 'Delete your account', on the data page", () => {
    server();
    renderScreen(<AccountDataPage />, { url: '/account/data' });
    expect(screen.getByRole('heading', { name: 'Your data', level: 1 })).toBeInTheDocument();
    expect(screen.getAllByRole('region').at(-1)).toHaveAccessibleName('Delete account');
    expect(screen.getByRole('link', { name: 'Delete your account' })).toHaveAttribute(
      'href',
      '/delete-account',
    );
  });
});

describe('the security page', () => {
  it('shows each setting closed, and opens one form at a time: one password field at most', async () => {
    server();
    renderScreen(<AccountSecurityPage />, { url: '/account/security' });
    const setUp = await screen.findByRole('button', { name: 'Set up two-step sign-in' });
    expect(passwordInputs()).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByLabelText('Current password')).toHaveFocus();
    expect(passwordInputs()).toHaveLength(1);
    await userEvent.click(setUp);
    expect(passwordInputs()).toHaveLength(1);
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change password' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('changes the password with the current one, then the new one, and says so', async () => {
    const held = heldReply({ status: 204 });
    const calls = server(() => held.promise);
    renderScreen(<AccountSecurityPage />, { url: '/account/security' });
    await changePassword('old secret 1', 'new secret 22');
    expect(screen.getByRole('progressbar', { name: 'Changing your password' })).toBeInTheDocument();
    held.release();
    const status = await screen.findByText(/Your password has been changed. You stay signed in here/);
    expect(status).toHaveFocus();
    expect(screen.getByLabelText('Current password')).toHaveValue('');
    expect(calls).toContainEqual(
      expect.objectContaining({
        method: 'PUT',
        path: '/api/v2/change_password',
        body: { current_password: 'old secret 1', password: 'new secret 22' },
      }),
    );
    expect(sessionStore.getUser()).toEqual(signedInUser);
  });

  it('explains the rules on the new password', async () => {
    server();
    renderScreen(<AccountSecurityPage />, { url: '/account/security' });
    await changePassword('old secret 1', '');
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(/Use 8 to 128 characters/);
  });

  it("brings back the current password with the server's message when it is wrong", async () => {
    server(() => apiError(403, 'invalid_credentials', 'Your current password is not correct.'));
    renderScreen(<AccountSecurityPage />, { url: '/account/security' });
    await changePassword('wrong', 'new secret 22');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your current password is not correct.');
    expect(alert).toHaveFocus();
    expect(screen.getByLabelText('Current password')).toBeInTheDocument();
  });

  it('catches a missing current password without calling the server', async () => {
    const calls = server();
    renderScreen(<AccountSecurityPage />, { url: '/account/security' });
    await changePassword('', '');
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter your current password.');
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
  });

  it('closes the form with Cancel, focus back on the action', async () => {
    server();
    renderScreen(<AccountSecurityPage />, { url: '/account/security' });
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(passwordInputs()).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Change password' })).toHaveFocus();
  });
});
