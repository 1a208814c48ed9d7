import { beforeEach, describe, expect, it } from 'vitest';
import { sessionStore, USER_STORAGE_KEY } from './session-store';

const user = {
  id: 7,
  email: 'a@example.com',
  auth_token: 'tok',
  role: 1,
  created_at: '2026-01-01T00:00:00Z',
};

beforeEach(() => sessionStore.clear());

describe('sessionStore', () => {
  it('keeps the user in local storage under "user"', () => {
    sessionStore.setUser(user);
    expect(JSON.parse(window.localStorage.getItem(USER_STORAGE_KEY) ?? 'null')).toEqual(user);
    sessionStore.clear();
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
