import type { User } from '@contract/users';
import { apiRequest } from '@/lib/http-client';
import { API_PATHS } from '@contract/api-paths';

/** The code step: the password step's challenge and a code from the app or a recovery code. */
export function loginWithCode(challenge: string, code: string): Promise<User> {
  return apiRequest<User>(API_PATHS.login, { method: 'POST', body: { session: { challenge, code } } });
}
