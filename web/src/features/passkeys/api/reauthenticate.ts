import { API_PATHS } from '@contract/api-paths';
import { apiRequest } from '@/lib/http-client';

/** POST /api/v1/reauthenticate with the password: for 5 minutes this session may add a way in. */
export function reauthenticate(password: string): Promise<void> {
  return apiRequest<void>(API_PATHS.reauthenticate, { method: 'POST', body: { password } });
}
