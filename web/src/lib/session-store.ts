import { useSyncExternalStore } from 'react';
import type { User } from '../../../contract/users';

export const USER_STORAGE_KEY = 'user';

type Listener = () => void;

function isUser(value: unknown): value is User {
  if (typeof value !== 'object' || value === null) return false;
  const user = value as Record<string, unknown>;
  return typeof user.id === 'number' && typeof user.email === 'string' && typeof user.auth_token === 'string';
}

function readStoredUser(): User | null {
  try {
    const raw = window.localStorage.getItem(USER_STORAGE_KEY);
    if (!raw) return null;
    const value: unknown = JSON.parse(raw);
    return isUser(value) ? value : null;
  } catch {
    return null;
  }
}

/** The signed-in user, kept in memory and in local storage under `user`. */
class SessionStore {
  private user: User | null = readStoredUser();
  private listeners = new Set<Listener>();

  getUser = (): User | null => this.user;

  setUser(user: User) {
    this.user = user;
    window.localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(user));
    this.emit();
  }

  clear() {
    this.user = null;
    window.localStorage.removeItem(USER_STORAGE_KEY);
    this.emit();
  }

  /** Reloads the user from local storage; true only when a user with an auth_token exists. */
  checkCredentials(): boolean {
    const stored = readStoredUser();
    if (stored?.auth_token !== this.user?.auth_token || stored?.id !== this.user?.id) {
      this.user = stored;
      this.emit();
    }
    return Boolean(this.user?.auth_token);
  }

  get role(): number {
    return this.user?.role ?? 0;
  }

  get token(): string | null {
    return this.user?.auth_token || null;
  }

  subscribe = (listener: Listener) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private emit() {
    for (const listener of this.listeners) listener();
  }
}

export const sessionStore = new SessionStore();

export function useSessionUser(): User | null {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.getUser);
}
