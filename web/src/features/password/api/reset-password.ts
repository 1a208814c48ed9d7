import type { ResetPasswordBody } from '@contract/users';
import { apiRequest } from '@/lib/http-client';
import { API_PATHS } from '@contract/api-paths';

/** Asks for a reset e-mail; the reply is the same whether or not the account exists, and is read as empty. */
export function resetPassword(body: ResetPasswordBody): Promise<void> {
  return apiRequest<void>(API_PATHS.resetPassword, { method: 'POST', body, empty: true });
}
