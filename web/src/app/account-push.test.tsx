import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AccountEvent } from '../../../contract/cable';
import { accountEvents } from '../lib/account-events';
import { openAccountChannel } from '../lib/cable';
import { setUnauthorizedHandler } from '../lib/http-client';
import { PageConfigProvider } from '../lib/page-config-context';
import { sessionStore } from '../lib/session-store';
import { apiError, stubApi } from '../test/fetch-stub';
import { signedInUser, testConfig } from '../test/render-screen';
import { AccountPush, OWN_SIGN_OUT_GRACE_MS, SIGNED_OUT_NOTICES } from './account-push';

vi.mock('../lib/cable', () => ({ openAccountChannel: vi.fn() }));
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
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  open.mockReset().mockReturnValue(close);
  close.mockReset();
  sessionStore.setUser(signedInUser);
});
afterEach(() => {
  vi.useRealTimers();
  sessionStore.clear();
});

describe('the push connection of the page', () => {
  it('is open while a user is signed in, with the URL of the meta tag and the token', () => {
    renderPage();
    expect(open).toHaveBeenCalledOnce();
    expect(open.mock.calls[0]?.[0]).toMatchObject({
      cableUrl: 'wss://push.example/cable',
      token: 'token-of-ada',
    });
    act(() => sessionStore.clear());
    expect(close).toHaveBeenCalledOnce();
    act(() => sessionStore.setUser({ ...signedInUser, auth_token: 'another' }));
    expect(open).toHaveBeenCalledTimes(2);
    expect(open.mock.calls[1]?.[0].token).toBe('another');
  });

  it('is not opened for a visitor', () => {
    sessionStore.clear();
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
    act(() => vi.advanceTimersByTime(OWN_SIGN_OUT_GRACE_MS));
    expect(sessionStore.getUser()).not.toBeNull();
    unsubscribe();
  });

  it.each(['account_deleted', 'signed_out'] as const)('signs the page out on %s, saying why', (event) => {
    renderPage();
    push({ event });
    act(() => vi.advanceTimersByTime(OWN_SIGN_OUT_GRACE_MS));
    expect(sessionStore.getUser()).toBeNull();
    expect(screen.getByText(SIGNED_OUT_NOTICES[event])).toBeVisible();
    expect(screen.getByText(SIGNED_OUT_NOTICES[event]).closest('[role="status"]')).not.toBeNull();
    expect(close).toHaveBeenCalled();
  });

  it('says nothing when the page ended the session itself (its Logout, or deleting the account here)', () => {
    renderPage();
    push({ event: 'signed_out' });
    act(() => sessionStore.clear());
    act(() => vi.advanceTimersByTime(OWN_SIGN_OUT_GRACE_MS));
    expect(screen.queryByText(SIGNED_OUT_NOTICES.signed_out)).not.toBeInTheDocument();
  });

  it('lets the notice be dismissed, and retires it when someone signs in again', () => {
    renderPage();
    push({ event: 'account_deleted' });
    act(() => vi.advanceTimersByTime(OWN_SIGN_OUT_GRACE_MS));
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(SIGNED_OUT_NOTICES.account_deleted)).not.toBeInTheDocument();

    act(() => sessionStore.setUser(signedInUser));
    push({ event: 'signed_out' });
    act(() => vi.advanceTimersByTime(OWN_SIGN_OUT_GRACE_MS));
    expect(screen.getByText(SIGNED_OUT_NOTICES.signed_out)).toBeVisible();
    act(() => sessionStore.setUser(signedInUser));
    expect(screen.queryByText(SIGNED_OUT_NOTICES.signed_out)).not.toBeInTheDocument();
    act(() => sessionStore.clear());
    expect(screen.queryByText(SIGNED_OUT_NOTICES.signed_out)).not.toBeInTheDocument();
  });

  it('asks the API when the channel is refused without a reason, and a 401 signs the page out', async () => {
    vi.useRealTimers();
    setUnauthorizedHandler(() => sessionStore.clear());
    const calls = stubApi(() => apiError(401, 'invalid_token', 'Please sign in again.'));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderPage();
    act(() => open.mock.calls.at(-1)?.[0].onRefused?.());
    await waitFor(() => expect(sessionStore.getUser()).toBeNull());
    expect(calls.map((call) => call.path)).toEqual(['/api/v1/me']);
    setUnauthorizedHandler(() => {});
    vi.unstubAllGlobals();
  });
});
