import { API_PATHS } from '@contract/api-paths';
import { apiRequest } from '@/lib/http-client';

/** POST /api/v1/email_change/undo with the token of the link mailed to the old address. */
export function undoEmailChange(token: string): Promise<void> {
  return apiRequest<void>(API_PATHS.undoEmailChange, { method: 'POST', body: { token } });
}
