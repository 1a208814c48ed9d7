import { API_PATHS } from '@contract/api-paths';
import type { Me } from '@contract/users';
import { apiRequest } from '@/lib/http-client';

/** POST /api/v1/email_change/confirm with the token of the mailed link: the account's new address. */
export function confirmEmailChange(token: string): Promise<Me> {
  return apiRequest<Me>(API_PATHS.confirmEmailChange, { method: 'POST', body: { token } });
}
