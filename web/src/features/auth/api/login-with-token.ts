import type { User } from '../../../../../contract/users';
import { apiRequest } from '../../../lib/http-client';

/** Signs in with a token handed over out of band (the QR code's `/login#auth_token=…` link). */
export function loginWithToken(authToken: string): Promise<User> {
  return apiRequest<User>('/api/v1/login', { method: 'POST', body: { session: { auth_token: authToken } } });
}
