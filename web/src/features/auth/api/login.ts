import type { LoginBody, LoginReply } from '@contract/users';
import { apiRequest } from '@/lib/http-client';
import { API_PATHS } from '@contract/api-paths';

export type LoginInput = Extract<LoginBody['session'], { password: string }>;

/**
 * Signs in with e-mail and password; the reply carries a new auth_token, or, when the account has two-step
 * sign-in on, the challenge of the code step (and no token yet).
 */
export function login(session: LoginInput): Promise<LoginReply> {
  return apiRequest<LoginReply>(API_PATHS.login, { method: 'POST', body: { session } });
}
