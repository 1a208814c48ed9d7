import { describe, expect, it } from 'vitest';
import { signedInUser } from '@/test/fixtures';
import { sessionStore, USER_STORAGE_KEY } from './session-store';

const user = { ...signedInUser, role: 1 };
const token = user.auth_token;

describe('sessionStore', () => {
  it('keeps the user in local storage under "user"', () => {
    sessionStore.setUser(user);
    expect(JSON.parse(window.localStorage.getItem(USER_STORAGE_KEY) ?? 'null')).toEqual(user);
    sessionStore.signOut({ reason: 'logout' });
    expect(window.localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
    expect(sessionStore.getUser()).toBeNull();
  });

  it('reads role 0 when no user is loaded', () => {
    expect(sessionStore.role).toBe(0);
    sessionStore.setUser(user);
    expect(sessionStore.role).toBe(1);
  });

  it('reloads the user from local storage on a credentials check', () => {
    expect(sessionStore.checkCredentials()).toBe(false);
    window.localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(user));
    expect(sessionStore.checkCredentials()).toBe(true);
    expect(sessionStore.getUser()).toEqual(user);
  });

  it('is false without an auth_token, or with garbage stored', () => {
    window.localStorage.setItem(USER_STORAGE_KEY, JSON.stringify({ ...user, auth_token: '' }));
    expect(sessionStore.checkCredentials()).toBe(false);
    window.localStorage.setItem(USER_STORAGE_KEY, '{not json');
    expect(sessionStore.checkCredentials()).toBe(false);
    expect(sessionStore.getUser()).toBeNull();
  });
});

describe('sessionStore.signOut', () => {
  it.each(['logout', 'deleted_here', 'password_reset'] as const)(
    'signs out on %s without a notice',
    (reason) => {
      sessionStore.setUser(user);
      sessionStore.signOut({ reason });
      expect(sessionStore.getUser()).toBeNull();
      expect(window.localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
      expect(sessionStore.getNotice()).toBeNull();
    },
  );

  it.each([
    [{ reason: 'signed_out', cause: 'device_sign_out' }, 'device_sign_out'],
    [{ reason: 'signed_out', cause: 'expired' }, 'expired'],
    [{ reason: 'signed_out' }, 'session_ended'],
    [{ reason: 'account_deleted' }, 'account_deleted'],
    [{ reason: 'unauthorized' }, 'session_ended'],
  ] as const)(
    'signs out on news the page did not announce (%o), and keeps its cause as the notice',
    (news, notice) => {
      sessionStore.setUser(user);
      sessionStore.signOut({ ...news, token });
      expect(sessionStore.getUser()).toBeNull();
      expect(sessionStore.getNotice()).toBe(notice);
    },
  );

  it("leaves the push of the page's own Logout to the Logout, which then signs out without a notice", () => {
    sessionStore.setUser(user);
    sessionStore.announceSignOut(token);
    sessionStore.signOut({ reason: 'signed_out', token });
    expect(sessionStore.getUser()).toEqual(user);
    sessionStore.signOut({ reason: 'logout', token });
    expect(sessionStore.getUser()).toBeNull();
    expect(sessionStore.getNotice()).toBeNull();
  });

  it('treats a push as news again once the announcement is withdrawn (the call was refused)', () => {
    sessionStore.setUser(user);
    sessionStore.announceSignOut(token);
    sessionStore.withdrawSignOut(token);
    sessionStore.signOut({ reason: 'account_deleted', token });
    expect(sessionStore.getUser()).toBeNull();
    expect(sessionStore.getNotice()).toBe('account_deleted');
  });

  it('leaves a 401 of an announced token to the flow too: the session is ending as asked', () => {
    sessionStore.setUser(user);
    sessionStore.announceSignOut(token);
    sessionStore.signOut({ reason: 'unauthorized', token });
    expect(sessionStore.getUser()).toEqual(user);
  });

  it('forgets announcements when the page signs out, so a later session of the same token is not mistaken', () => {
    sessionStore.setUser(user);
    sessionStore.announceSignOut(token);
    sessionStore.signOut({ reason: 'logout', token });
    sessionStore.setUser(user);
    sessionStore.signOut({ reason: 'signed_out', token, cause: 'password_changed' });
    expect(sessionStore.getNotice()).toBe('password_changed');
  });

  it('ignores a sign-out meant for a token the page no longer holds', () => {
    sessionStore.setUser(user);
    sessionStore.signOut({ reason: 'signed_out', token: 'an older token' });
    sessionStore.signOut({ reason: 'logout', token: 'an older token' });
    expect(sessionStore.getUser()).toEqual(user);
    expect(sessionStore.getNotice()).toBeNull();
  });

  it('keeps the notice until it is dismissed or someone signs in', () => {
    sessionStore.setUser(user);
    sessionStore.signOut({ reason: 'signed_out', token });
    sessionStore.dismissNotice();
    expect(sessionStore.getNotice()).toBeNull();
    sessionStore.setUser(user);
    sessionStore.signOut({ reason: 'account_deleted', token });
    sessionStore.setUser(user);
    expect(sessionStore.getNotice()).toBeNull();
  });
});
