import type { Me } from '@contract/users';
import { API_PATHS } from '@contract/api-paths';
import { apiRequest } from './http-client';
import { sessionStore } from './session-store';

/** GET /api/v1/me: the signed-in user as the server knows it now; a 401 signs the page out (the HTTP client). */
export function getMe(signal?: AbortSignal): Promise<Me> {
  return apiRequest<Me>(API_PATHS.me, { signal });
}

/**
 * Reloads the signed-in user from the server and keeps a changed e-mail or role (e.g. after
 * `email_changed`). A reply for a session the page no longer holds is dropped.
 */
export async function refreshStoredUser(signal?: AbortSignal): Promise<void> {
  const token = sessionStore.token;
  if (!token) return;
  const me = await getMe(signal);
  const current = sessionStore.getUser();
  if (current?.auth_token !== token) return;
  if (current.email !== me.email || current.role !== me.role) sessionStore.setUser({ ...current, ...me });
}
