import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AccountEvent } from '@contract/cable';
import { accountEvents } from '@/lib/account-events';
import { openAccountChannel } from '@/lib/cable';
import { PageConfigProvider } from '@/lib/page-config-context';
import { sessionStore } from '@/lib/session-store';
import { apiError, stubApi } from '@/test/fetch-stub';
import { signedInMe, signedInUser } from '@/test/fixtures';
import { testConfig } from '@/test/render-screen';
import { AccountPush, SIGNED_OUT_NOTICES } from './account-push';

vi.mock('@/lib/cable', () => ({ openAccountChannel: vi.fn() }));
const open = vi.mocked(openAccountChannel);
const close = vi.fn();

/** Pushes an event as the channel opened last would hand it over. */
function push(event: AccountEvent) {
  const onEvent = open.mock.calls.at(-1)?.[0].onEvent;
  if (!onEvent) throw new Error('No channel is open');
  act(() => onEvent(event));
}

function renderPage() {
  render(
    <PageConfigProvider value={{ ...testConfig, cableUrl: 'wss://push.example/cable' }}>
      <AccountPush>
        <p>The page</p>
      </AccountPush>
    </PageConfigProvider>,
  );
}

beforeEach(() => {
  open.mockReset().mockReturnValue(close);
  close.mockReset();
  sessionStore.setUser(signedInUser);
});

describe('the push connection of the page', () => {
  it('is open while a user is signed in, with the URL of the meta tag and the token', () => {
    renderPage();
    expect(open).toHaveBeenCalledOnce();
    expect(open.mock.calls[0]?.[0]).toMatchObject({
      cableUrl: 'wss://push.example/cable',
      token: 'token-of-ada',
    });
    act(() => sessionStore.signOut({ reason: 'logout' }));
    expect(close).toHaveBeenCalledOnce();
    act(() => sessionStore.setUser({ ...signedInUser, auth_token: 'another' }));
    expect(open).toHaveBeenCalledTimes(2);
    expect(open.mock.calls[1]?.[0].token).toBe('another');
  });

  it('is not opened for a visitor', () => {
    sessionStore.signOut({ reason: 'logout' });
    renderPage();
    expect(open).not.toHaveBeenCalled();
  });

  it('hands every event to the page', () => {
    const heard = vi.fn();
    const unsubscribe = accountEvents.subscribe(heard);
    renderPage();
    push({ event: 'session_created', kind: 'qr' });
    push({ event: 'password_changed' });
    expect(heard.mock.calls).toEqual([
      [{ event: 'session_created', kind: 'qr' }],
      [{ event: 'password_changed' }],
    ]);
    expect(sessionStore.getUser()).not.toBeNull();
    unsubscribe();
  });

  it.each([
    [
      'logout',
      'You were signed out because this session was logged out in another window. Please sign in again.',
    ],
    [
      'device_sign_out',
      'You were signed out from another device, in its list of signed-in devices. Please sign in again.',
    ],
    [
      'password_changed',
      'You were signed out because your password was changed. Please sign in with the new password.',
    ],
    [
      'email_change_undone',
      'You were signed out because the change of your e-mail address was undone from the old address. Please sign in again.',
    ],
    ['expired', 'Your session expired, so you were signed out. Please sign in again.'],
  ] as const)(
    'signs the page out on signed_out it did not cause, saying the cause (%s)',
    (reason, sentence) => {
      renderPage();
      push({ event: 'signed_out', reason });
      expect(sessionStore.getUser()).toBeNull();
      const notice = screen.getByText(sentence, { exact: true });
      expect(notice).toBeVisible();
      expect(notice.closest('[role="status"]')).not.toBeNull();
      expect(close).toHaveBeenCalled();
    },
  );

  it('signs the page out on account_deleted it did not cause, saying so', () => {
    renderPage();
    push({ event: 'account_deleted' });
    expect(sessionStore.getUser()).toBeNull();
    expect(
      screen.getByText('Your account has been deleted, so you have been signed out.', { exact: true }),
    ).toBeVisible();
  });

  it('says only that the session has ended for a signed_out without a reason (an older server)', () => {
    renderPage();
    push({ event: 'signed_out' });
    expect(screen.getByText('Your session has ended. Please sign in again.', { exact: true })).toBeVisible();
  });

  it.each([
    ['its Logout', { event: 'signed_out', reason: 'logout' }, 'logout'],
    ['deleting its account', { event: 'account_deleted' }, 'deleted_here'],
    ['a reset-link change', { event: 'signed_out', reason: 'password_changed' }, 'password_reset'],
  ] as const)(
    'says nothing when the page ended the session itself (%s), though the push comes before the reply',
    (_flow, event, reason) => {
      renderPage();
      sessionStore.announceSignOut(signedInUser.auth_token);
      push(event);
      // The flow that announced it signs out when its reply comes, not the push.
      expect(sessionStore.getUser()).not.toBeNull();
      act(() => sessionStore.signOut({ reason }));
      expect(sessionStore.getUser()).toBeNull();
      expect(screen.queryByRole('button', { name: 'Dismiss' })).not.toBeInTheDocument();
    },
  );

  it('still speaks for a push to a token other than the one the page announced', () => {
    renderPage();
    sessionStore.announceSignOut('a token this page no longer holds');
    push({ event: 'signed_out', reason: 'device_sign_out' });
    expect(screen.getByText(SIGNED_OUT_NOTICES.device_sign_out)).toBeVisible();
  });

  it('lets the notice be dismissed, and retires it when someone signs in again', () => {
    renderPage();
    push({ event: 'account_deleted' });
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(SIGNED_OUT_NOTICES.account_deleted)).not.toBeInTheDocument();

    act(() => sessionStore.setUser(signedInUser));
    push({ event: 'signed_out', reason: 'expired' });
    expect(screen.getByText(SIGNED_OUT_NOTICES.expired)).toBeVisible();
    act(() => sessionStore.setUser(signedInUser));
    expect(screen.queryByText(SIGNED_OUT_NOTICES.expired)).not.toBeInTheDocument();
    act(() => sessionStore.signOut({ reason: 'logout' }));
    expect(screen.queryByText(SIGNED_OUT_NOTICES.expired)).not.toBeInTheDocument();
  });

  it('asks the API when the channel is refused without a reason; a 401 signs out, saying the session ended', async () => {
    const calls = stubApi(() => apiError(401, 'invalid_token', 'Please sign in again.'));
    renderPage();
    act(() => open.mock.calls.at(-1)?.[0].onRefused?.());
    await waitFor(() => expect(sessionStore.getUser()).toBeNull());
    expect(calls.map((call) => call.path)).toEqual(['/api/v1/me']);
    expect(screen.getByText('Your session has ended. Please sign in again.', { exact: true })).toBeVisible();
  });
});

describe('an e-mail change pushed to the page', () => {
  it('reloads the user from /me, so the toolbar and account page show the new address', async () => {
    const calls = stubApi(() => ({
      status: 200,
      body: {
        id: 7,
        email: 'ada@new.example',
        role: 0,
        created_at: signedInUser.created_at,
        subscription: null,
      },
    }));
    renderPage();
    push({ event: 'email_changed' });
    await waitFor(() => expect(sessionStore.getUser()?.email).toBe('ada@new.example'));
    expect(sessionStore.getUser()?.auth_token).toBe(signedInUser.auth_token);
    expect(calls.map((call) => call.path)).toEqual(['/api/v1/me']);
  });
});

describe('a confirmed address pushed to the page', () => {
  it('reloads the user from /me, so the banner goes and the plans can be bought on every open page', async () => {
    sessionStore.setUser({ ...signedInUser, email_verified: false });
    const calls = stubApi(() => ({ status: 200, body: { ...signedInMe, email_verified: true } }));
    renderPage();
    push({ event: 'email_verified' });
    await waitFor(() => expect(sessionStore.getUser()?.email_verified).toBe(true));
    expect(sessionStore.getUser()?.auth_token).toBe(signedInUser.auth_token);
    expect(calls.map((call) => call.path)).toEqual(['/api/v1/me']);
  });
});

describe('a first password set on another page', () => {
  it('reloads the user from /me, so every confirming step asks for the password', async () => {
    sessionStore.setUser({ ...signedInUser, has_password: false });
    const calls = stubApi(() => ({ status: 200, body: signedInMe }));
    renderPage();
    push({ event: 'password_changed' });
    await waitFor(() => expect(sessionStore.getUser()?.has_password).toBe(true));
    expect(calls.map((call) => call.path)).toEqual(['/api/v1/me']);
  });

  it('is not read again by an account that had a password: its sign-out push says why', () => {
    sessionStore.setUser(signedInUser);
    const calls = stubApi(() => ({ status: 200, body: signedInMe }));
    renderPage();
    push({ event: 'password_changed' });
    expect(calls).toEqual([]);
  });
});
