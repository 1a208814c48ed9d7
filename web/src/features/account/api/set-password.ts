import { API_PATHS } from '@contract/api-paths';
import type { ChangePasswordBody } from '@contract/users';
import { apiRequest } from '@/lib/http-client';

export type SetPasswordInput = Extract<ChangePasswordBody, { code: string }>;

/**
 * PUT /api/v2/change_password with a code from POST /api/v1/reauth_code and the new password: an account without
 * a password gets its first one (DESIGN 13). The reply is read as empty.
 */
export function setPassword(body: SetPasswordInput): Promise<void> {
  return apiRequest<void>(API_PATHS.changePassword, { method: 'PUT', body, empty: true });
}
