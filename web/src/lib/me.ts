import type { Me } from '@contract/users';
import { API_PATHS } from '@contract/api-paths';
import { apiRequest } from './http-client';
import { sessionStore } from './session-store';

/** GET /api/v1/me: the signed-in user as the server knows it now; a 401 signs the page out (the HTTP client). */
export function getMe(signal?: AbortSignal): Promise<Me> {
  return apiRequest<Me>(API_PATHS.me, { signal });
}

/** What the page keeps of /me beside the token: a change to any of these is stored and shown. */
const KEPT = ['email', 'role', 'email_verified', 'has_password'] as const;

/**
 * Keeps what the server just said of the signed-in user (a /me-shaped reply), when it is about the session the
 * page holds (`token`) and differs from what is stored.
 */
export function keepMe(me: Me, token: string | null = sessionStore.token): void {
  const current = sessionStore.getUser();
  if (!token || current?.auth_token !== token || current.id !== me.id) return;
  if (KEPT.some((field) => current[field] !== me[field])) sessionStore.setUser({ ...current, ...me });
}

/**
 * Reloads the signed-in user from the server and keeps a changed e-mail, role, verification or password (e.g.
 * after `email_changed` or `email_verified`). A reply for a session the page no longer holds is dropped.
 */
export async function refreshStoredUser(signal?: AbortSignal): Promise<void> {
  const token = sessionStore.token;
  if (!token) return;
  keepMe(await getMe(signal), token);
}
