import type { SignUpBody, User } from '@contract/users';
import { apiRequest } from '@/lib/http-client';
import { API_PATHS } from '@contract/api-paths';

/** Creates the account; the reply is the new user, already signed in. */
export function signUp(user: SignUpBody['user']): Promise<User> {
  return apiRequest<User>(API_PATHS.signUp, { method: 'POST', body: { user } });
}
