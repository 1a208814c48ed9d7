import type { ChangePasswordBody } from '@contract/users';
import { apiRequest } from '@/lib/http-client';
import { API_PATHS } from '@contract/api-paths';

export type ChangePasswordWithTokenInput = Extract<ChangePasswordBody, { password_hash: string }>;

/** Sets a new password with the token of an e-mailed reset link; the reply is read as empty. */
export function changePasswordWithToken(body: ChangePasswordWithTokenInput): Promise<void> {
  return apiRequest<void>(API_PATHS.changePassword, { method: 'PUT', body, empty: true });
}
