import { API_PATHS } from '@contract/api-paths';
import type { EmailChangeBody } from '@contract/data';
import { apiRequest } from '@/lib/http-client';

/** POST /api/v1/email_change: a link goes to the new address; nothing changes until it is opened. */
export function requestEmailChange(body: EmailChangeBody): Promise<void> {
  return apiRequest<void>(API_PATHS.emailChange, { method: 'POST', body, empty: true });
}
