import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '@/lib/session-store';
import { heldReply, stubApi } from '@/test/fetch-stub';
import { signedInUser } from '@/test/fixtures';
import { renderScreen } from '@/test/render-screen';
import { DeleteAccountScreen } from './delete-account-screen';

const FAILED = 'Your account could not be deleted. Please contact support at:';

async function fill(username: string, password: string) {
  const user = userEvent.setup();
  if (username) await user.type(screen.getByPlaceholderText('Username'), username);
  if (password) await user.type(screen.getByPlaceholderText('Password'), password);
}
const press = () => userEvent.click(screen.getByRole('button', { name: 'Delete Account' }));

describe('the delete-account screen (DESIGN section 6)', () => {
  it('has the exact heading, fields, explanation and red button', () => {
    renderScreen(<DeleteAccountScreen />, { url: '/delete-account' });
    expect(screen.getByRole('heading', { name: 'Delete your account' })).toBeInTheDocument();
    const username = screen.getByLabelText('Username');
    expect(username).toHaveAttribute('type', 'email');
    expect(username).toHaveAttribute('placeholder', 'Username');
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('placeholder', 'Password');
    expect(password).toHaveAccessibleDescription(
      "Please enter the password to confirm that you want to delete the account. This action is irreversible!!! You can find the password by pressing the '?' symbol in the app.",
    );
    const button = screen.getByRole('button', { name: 'Delete Account' });
    expect(button.className).toMatch(/\bbg-red-700\b/);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it("says 'Please enter the password.' and makes no call when the password is empty", async () => {
    const calls = stubApi(() => ({ status: 200, body: { success: true, email: '' } }));
    renderScreen(<DeleteAccountScreen />, { url: '/delete-account' });
    await fill('ada@example.com', '');
    await press();
    expect(screen.getByRole('alert')).toHaveTextContent(/^Please enter the password\.$/);
    expect(screen.getByRole('alert')).toHaveFocus();
    expect(calls).toEqual([]);
  });

  it('shows the indeterminate progress bar until the reply, then the success, with both fields cleared', async () => {
    sessionStore.setUser(signedInUser);
    const held = heldReply({ status: 200, body: { success: true, email: '' } });
    const calls = stubApi(() => held.promise);
    renderScreen(<DeleteAccountScreen />, { url: '/delete-account' });
    await fill('Ada@Example.com', 'secret pass');
    await press();
    const bar = screen.getByRole('progressbar');
    expect(bar).not.toHaveAttribute('aria-valuenow');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    held.release();
    const status = await screen.findByText('Your account has been deleted.');
    expect(status).toHaveFocus();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveValue('');
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(calls).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/api/v1/delete_user_with_token',
        body: { email: 'Ada@Example.com', password: 'secret pass' },
      }),
    ]);
    // The account signed in here no longer exists, so neither does its session.
    expect(sessionStore.getUser()).toBeNull();
  });

  it('takes the account_deleted push of its own deletion, before the reply, as its own: no notice', async () => {
    sessionStore.setUser(signedInUser);
    const held = heldReply({ status: 200, body: { success: true, email: '' } });
    stubApi(() => held.promise);
    renderScreen(<DeleteAccountScreen />, { url: '/delete-account' });
    await fill('ada@example.com', 'secret pass');
    await press();
    act(() => sessionStore.signOut({ reason: 'account_deleted', token: signedInUser.auth_token }));
    expect(sessionStore.getUser()).not.toBeNull();
    held.release();
    await screen.findByText('Your account has been deleted.');
    expect(sessionStore.getUser()).toBeNull();
    expect(sessionStore.getNotice()).toBeNull();
  });

  it.each([
    ['another account is deleted', 'someone-else@example.com', { success: true, email: '' }, 'status'],
    ['the deletion is refused', 'ada@example.com', { success: false, email: 'care@moo.example' }, 'alert'],
  ] as const)(
    'stays signed in here when %s, and a later push is news again',
    async (_case, email, body, role) => {
      sessionStore.setUser(signedInUser);
      stubApi(() => ({ status: 200, body }));
      renderScreen(<DeleteAccountScreen />, { url: '/delete-account' });
      await fill(email, 'secret pass');
      await press();
      await screen.findByRole(role, { name: '' });
      expect(sessionStore.getUser()).toEqual(signedInUser);
      sessionStore.signOut({ reason: 'account_deleted', token: signedInUser.auth_token });
      expect(sessionStore.getNotice()).toBe('account_deleted');
    },
  );

  it("on refusal names the reply's support address as a mailto link", async () => {
    stubApi(() => ({ status: 200, body: { success: false, email: 'care@moo.example' } }));
    renderScreen(<DeleteAccountScreen />, { url: '/delete-account' });
    await fill('ada@example.com', 'wrong');
    await press();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(`${FAILED} care@moo.example`);
    expect(screen.getByRole('link', { name: 'care@moo.example' })).toHaveAttribute(
      'href',
      'mailto:care@moo.example',
    );
    expect(alert).toHaveFocus();
    expect(screen.getByLabelText('Password')).toHaveValue('wrong');
  });

  it('falls back to the page’s SUPPORT_EMAIL when the refusal names no address', async () => {
    stubApi(() => ({ status: 200, body: { success: false, email: '' } }));
    renderScreen(<DeleteAccountScreen />, { url: '/delete-account' });
    await fill('ada@example.com', 'wrong');
    await press();
    expect(await screen.findByRole('alert')).toHaveTextContent(`${FAILED} help@moo.example`);
    expect(screen.getByRole('link', { name: 'help@moo.example' })).toHaveAttribute(
      'href',
      'mailto:help@moo.example',
    );
  });

  it.each([
    ['a lost connection', 'networkError' as const],
    ['a server error', { status: 500, body: { error: 'internal', message: 'Something went wrong.' } }],
    ['a rate limit', { status: 429, body: { error: 'rate_limited', message: 'Too many attempts.' } }],
  ])('treats %s like a refusal, with SUPPORT_EMAIL', async (_name, reply) => {
    stubApi(() => reply);
    renderScreen(<DeleteAccountScreen />, { url: '/delete-account' });
    await fill('ada@example.com', 'secret pass');
    await press();
    expect(await screen.findByRole('alert')).toHaveTextContent(`${FAILED} help@moo.example`);
  });

  it('clears the previous outcome on each submit, and does not check the username', async () => {
    const replies = [
      { status: 200, body: { success: false, email: 'care@moo.example' } },
      { status: 200, body: { success: true, email: '' } },
    ];
    const calls = stubApi(() => replies.shift() ?? 'networkError');
    renderScreen(<DeleteAccountScreen />, { url: '/delete-account' });
    await fill('not an e-mail', 'secret pass');
    await press();
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    await press();
    expect(await screen.findByText('Your account has been deleted.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(calls.map((call) => call.body)).toEqual([
      { email: 'not an e-mail', password: 'secret pass' },
      { email: 'not an e-mail', password: 'secret pass' },
    ]);
  });
});
