import { useEffect } from 'react';
import type { Me, User } from '@contract/users';
import { API_PATHS } from '@contract/api-paths';
import { apiRequest } from './http-client';
import { sessionStore, useSessionUser } from './session-store';

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

/**
 * The signed-in user, or null: the stored one at once, then checked with the server when the component
 * mounts. A session revoked elsewhere answers 401, which signs the page out; a changed e-mail or role is
 * kept.
 */
export function useMe(): User | null {
  const user = useSessionUser();
  const token = user?.auth_token || null;
  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    refreshStoredUser(controller.signal)
      // The stored user is still right; a 401 has already signed the page out.
      .catch(() => {});
    return () => controller.abort();
  }, [token]);
  return user;
}
