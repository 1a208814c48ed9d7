import type { SignUpBody, User } from '../../../../../contract/users';
import { apiRequest } from '../../../lib/http-client';

/** Creates the account; the reply is the new user, already signed in. */
export function signUp(user: SignUpBody['user']): Promise<User> {
  return apiRequest<User>('/api/v1/users', { method: 'POST', body: { user } });
}
