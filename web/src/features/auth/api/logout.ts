import { apiRequest } from '@/lib/http-client';
import { API_PATHS } from '@contract/api-paths';

/** Revokes the token on the server; the page signs out whatever the reply. */
export function logout(): Promise<void> {
  return apiRequest<void>(API_PATHS.logout, { method: 'POST', empty: true });
}
