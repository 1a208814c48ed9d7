import { API_PATHS } from '@contract/api-paths';
import type { LoginReply } from '@contract/users';
import { apiRequest } from '@/lib/http-client';

/**
 * Signs in with the address and the code mailed to it (DESIGN 13): the user with a new auth_token, or, when the
 * account has two-step sign-in on, the challenge of the code step.
 */
export function loginWithEmailCode(email: string, code: string): Promise<LoginReply> {
  return apiRequest<LoginReply>(API_PATHS.login, {
    method: 'POST',
    body: { session: { email, code } },
    token: null,
  });
}
