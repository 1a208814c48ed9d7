import { apiRequest } from '../../../lib/http-client';

/** Revokes the token on the server; the page signs out whatever the reply. */
export function logout(): Promise<void> {
  return apiRequest<void>('/api/v1/logout', { method: 'POST', empty: true });
}
