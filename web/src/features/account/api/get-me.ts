import type { Me } from '../../../../../contract/users';
import { apiRequest } from '../../../lib/http-client';

/** The signed-in user as the server knows it now; a 401 signs the page out (see the HTTP client). */
export function getMe(signal?: AbortSignal): Promise<Me> {
  return apiRequest<Me>('/api/v1/me', { signal });
}
