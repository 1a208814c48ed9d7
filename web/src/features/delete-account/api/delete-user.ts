import type { DeleteUserBody, DeleteUserReply } from '../../../../../contract/users';
import { apiRequest } from '../../../lib/http-client';

/** Deletes the account that the e-mail and password name; a refusal is a 200 with success false. */
export function deleteUser(body: DeleteUserBody): Promise<DeleteUserReply> {
  return apiRequest<DeleteUserReply>('/api/v1/delete_user_with_token', { method: 'POST', body });
}
