import { apiRequest } from '@/lib/http-client';
import { API_PATHS } from '@contract/api-paths';

/** Ends a session this page held before it switched to another (the server's logout, with that token). */
export function revokeToken(token: string): Promise<void> {
  return apiRequest<void>(API_PATHS.logout, { method: 'POST', empty: true, token });
}
