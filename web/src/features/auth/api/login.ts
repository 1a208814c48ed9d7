import type { LoginBody, User } from '@contract/users';
import { apiRequest } from '@/lib/http-client';
import { API_PATHS } from '@contract/api-paths';

export type LoginInput = Extract<LoginBody['session'], { password: string }>;

/** Signs in with e-mail and password; the reply carries a new auth_token. */
export function login(session: LoginInput): Promise<User> {
  return apiRequest<User>(API_PATHS.login, { method: 'POST', body: { session } });
}
