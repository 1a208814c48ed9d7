import type { DeleteUserBody, DeleteUserReply } from '@contract/users';
import { apiRequest } from '@/lib/http-client';
import { API_PATHS } from '@contract/api-paths';

/** Deletes the account that the e-mail and password name; a refusal is a 200 with success false. */
export function deleteUser(body: DeleteUserBody): Promise<DeleteUserReply> {
  return apiRequest<DeleteUserReply>(API_PATHS.deleteUser, { method: 'POST', body });
}
