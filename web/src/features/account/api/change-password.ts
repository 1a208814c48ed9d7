import type { ChangePasswordBody } from '@contract/users';
import { apiRequest } from '@/lib/http-client';
import { API_PATHS } from '@contract/api-paths';

export type ChangePasswordInput = Extract<ChangePasswordBody, { current_password: string }>;

/** Changes the signed-in user's password, confirmed with the current one; the reply is read as empty. */
export function changePassword(body: ChangePasswordInput): Promise<void> {
  return apiRequest<void>(API_PATHS.changePassword, { method: 'PUT', body, empty: true });
}
