import { useSyncExternalStore } from 'react';
import type { SignedOutReason } from '@contract/account-events';
import type { User } from '@contract/users';

export const USER_STORAGE_KEY = 'user';

/**
 * Why the page signs out. The first three are this page's own doing; the last three are news from the
 * server: a 401 to a call, or a push on the connection of one token (`signed_out`, `account_deleted`).
 */
export type SignOutReason =
  'logout' | 'deleted_here' | 'password_reset' | 'unauthorized' | 'signed_out' | 'account_deleted';

/**
 * What the notice of a page signed out from elsewhere says happened (decision 169): the cause a `signed_out`
 * push named, the account's deletion, or, when nothing named a cause (a 401, a push without a reason), that
 * the session has ended.
 */
export type SignOutNotice = SignedOutReason | 'account_deleted' | 'session_ended';

/** The sign-outs that are news, unless the page announced that it was ending that session itself. */
const NEWS: ReadonlySet<SignOutReason> = new Set<SignOutReason>([
  'unauthorized',
  'signed_out',
  'account_deleted',
]);

function noticeOf(reason: SignOutReason, cause: SignedOutReason | undefined): SignOutNotice | null {
  if (reason === 'signed_out') return cause ?? 'session_ended';
  if (reason === 'account_deleted') return 'account_deleted';
  if (reason === 'unauthorized') return 'session_ended';
  return null;
}

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

/** The signed-in user, kept in memory and in local storage under `user`, and every way it signs out. */
class SessionStore {
  private user: User | null = readStoredUser();
  /** Tokens this page said it is about to end itself (its Logout, deleting its account, a reset-link change). */
  private ending = new Set<string>();
  private notice: SignOutNotice | null = null;
  private listeners = new Set<Listener>();

  getUser = (): User | null => this.user;

  /** Why the page was signed out from elsewhere, until dismissed or until someone signs in. */
  getNotice = (): SignOutNotice | null => this.notice;

  setUser(user: User) {
    this.user = user;
    this.notice = null;
    window.localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(user));
    this.emit();
  }

  /**
   * Said by a page just before the call that ends its own session. The server pushes `signed_out` or
   * `account_deleted` for that token, often before the call's reply: that push is then the page's own
   * doing, and the flow that announced it signs out when its reply comes.
   */
  announceSignOut(token: string) {
    this.ending.add(token);
  }

  /** The call did not end the session after all (refused, or it failed): a later push is news again. */
  withdrawSignOut(token: string) {
    this.ending.delete(token);
  }

  /**
   * The one way the page signs out. `token` names the session meant (a push's connection, a call's bearer):
   * when the page no longer holds it, there is nothing to do. News of a token the page announced is left to
   * the flow that announced it; any other news signs out and leaves a notice saying why (`cause`: the
   * reason a `signed_out` push gave).
   */
  signOut({
    reason,
    token = this.token,
    cause,
  }: {
    reason: SignOutReason;
    token?: string | null;
    cause?: SignedOutReason;
  }) {
    if (token !== this.token) return;
    if (NEWS.has(reason) && token && this.ending.has(token)) return;
    this.ending.clear();
    this.notice = noticeOf(reason, cause);
    this.user = null;
    window.localStorage.removeItem(USER_STORAGE_KEY);
    this.emit();
  }

  dismissNotice() {
    this.notice = null;
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

/** Nobody is signed in to a page prerendered at build time. */
const signedOut = () => null;

export function useSessionUser(): User | null {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.getUser, signedOut);
}

const noNotice = () => null;

/** The reason to show for a sign-out that came from elsewhere, or null. */
export function useSignOutNotice(): SignOutNotice | null {
  // A prerendered page (the build renders public pages on the server) has no notice to show.
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.getNotice, noNotice);
}
