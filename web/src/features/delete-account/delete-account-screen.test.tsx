import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SubscriptionJson } from '@contract/subscriptions';
import { DELETION_REFUSALS } from '@contract/users';
import { sessionStore } from '@/lib/session-store';
import { apiError, heldReply, stubApi, type ApiCall, type StubReply } from '@/test/fetch-stub';
import { activeSubscription, signedInUser } from '@/test/fixtures';
import { renderScreen } from '@/test/render-screen';
import { DeleteAccountScreen } from './delete-account-screen';

const FAILED = 'Your account could not be deleted. Please contact support at:';

async function fill(username: string, password: string) {
  const user = userEvent.setup();
  if (username) {
    await user.clear(screen.getByPlaceholderText('Username'));
    await user.type(screen.getByPlaceholderText('Username'), username);
  }
  if (password) await user.type(screen.getByPlaceholderText('Password'), password);
}

const monthly = activeSubscription;

/**
 * The server of a signed-in page: its subscriptions (GET /api/v1/subscription, as the page reads them) and
 * the deletion's reply; the deletion calls are what the test gets back.
 */
function server(deletion: () => StubReply | Promise<StubReply>, subscriptions: SubscriptionJson[] = []) {
  const calls = stubApi((call: ApiCall) =>
    call.method === 'GET' && call.path === '/api/v1/subscription'
      ? { status: 200, body: { subscription: subscriptions[0] ?? null, subscriptions } }
      : deletion(),
  );
  return { deletions: () => calls.filter((call) => call.method === 'POST') };
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
    const { deletions } = server(() => held.promise);
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
    expect(deletions()).toEqual([
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
    server(() => held.promise);
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
      server(() => ({ status: 200, body }));
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

  it("fills in the signed-in account's address, and leaves the Username empty for a visitor", async () => {
    server(() => 'networkError');
    const { unmount } = renderScreen(<DeleteAccountScreen />, { url: '/delete-account' });
    expect(screen.getByLabelText('Username')).toHaveValue('');
    unmount();
    sessionStore.setUser(signedInUser);
    renderScreen(<DeleteAccountScreen />, { url: '/delete-account' });
    expect(screen.getByLabelText('Username')).toHaveValue('ada@example.com');
    expect(screen.getByLabelText('Username')).toHaveAttribute('placeholder', 'Username');
  });

  it.each([
    ['a wrong password', 'invalid_credentials'],
    ['a PayPal that could not cancel', 'subscription_not_cancelled'],
    ['two-step sign-in without its page', 'two_factor_required'],
  ] as const)(
    "says the server's reason for %s below DESIGN's own sentence, which stays as it was",
    async (_case, reason) => {
      const message = DELETION_REFUSALS[reason];
      server(() => ({ status: 200, body: { success: false, email: 'care@moo.example', reason, message } }));
      renderScreen(<DeleteAccountScreen />, { url: '/delete-account' });
      await fill('ada@example.com', 'secret pass');
      await press();
      const alert = await screen.findByRole('alert');
      const [seed, why] = alert.querySelectorAll('p');
      expect(seed?.textContent).toBe(`${FAILED} care@moo.example`);
      expect(why?.textContent).toBe(message);
      expect(alert).toHaveFocus();
    },
  );

  it("says a failed call's own sentence (a rate limit) as the reason, and none for a lost connection", async () => {
    const replies: StubReply[] = [
      apiError(429, 'too_many_requests', 'Too many attempts. Please wait a few minutes and try again.'),
      'networkError',
    ];
    server(() => replies.shift() ?? 'networkError');
    renderScreen(<DeleteAccountScreen />, { url: '/delete-account' });
    await fill('ada@example.com', 'secret pass');
    await press();
    const limited = await screen.findByRole('alert');
    expect(limited.querySelectorAll('p')).toHaveLength(2);
    expect(limited.querySelectorAll('p')[1]).toHaveTextContent(
      'Too many attempts. Please wait a few minutes and try again.',
    );
    await press();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(`${FAILED} help@moo.example`));
    expect(screen.getByRole('alert').querySelectorAll('p')).toHaveLength(1);
  });

  it("warns before the button that the signed-in account's subscription will be cancelled, while the Username names it", async () => {
    sessionStore.setUser(signedInUser);
    server(() => 'networkError', [monthly]);
    renderScreen(<DeleteAccountScreen />, { url: '/delete-account' });
    const note = await screen.findByText(
      'Your Monthly subscription will be cancelled at PayPal first, so you will not be charged again. Any time already paid for ends with the account.',
    );
    // Before the button: the last thing read before it.
    expect(note.compareDocumentPosition(screen.getByRole('button', { name: 'Delete Account' }))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    await fill('someone-else@example.com', '');
    expect(screen.queryByText(/will be cancelled at PayPal/)).not.toBeInTheDocument();
    await fill('ADA@example.com ', '');
    expect(screen.getByText(/Your Monthly subscription will be cancelled at PayPal/)).toBeInTheDocument();
  });

  it('names every plan PayPal may bill, and says nothing without one, or for a visitor', async () => {
    sessionStore.setUser(signedInUser);
    const weekly = { ...monthly, id: 'I-WEEKLY1', plan: 'weekly', status: 'SUSPENDED' } as const;
    server(() => 'networkError', [monthly, weekly]);
    const first = renderScreen(<DeleteAccountScreen />, { url: '/delete-account' });
    expect(
      await screen.findByText(/^Your Monthly and Weekly subscriptions will be cancelled at PayPal first/),
    ).toBeInTheDocument();
    first.unmount();

    const { deletions } = server(() => 'networkError', []);
    const second = renderScreen(<DeleteAccountScreen />, { url: '/delete-account' });
    await act(() => Promise.resolve());
    expect(screen.queryByText(/will be cancelled at PayPal/)).not.toBeInTheDocument();
    expect(deletions()).toEqual([]);
    second.unmount();

    sessionStore.signOut({ reason: 'logout' });
    const calls = stubApi(() => 'networkError');
    renderScreen(<DeleteAccountScreen />, { url: '/delete-account' });
    expect(screen.queryByText(/will be cancelled at PayPal/)).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});
