import { API_PATHS } from '@contract/api-paths';
import { apiRequest } from './http-client';

/**
 * POST /api/v1/reauth_code: mails the signed-in account a 6-digit code that confirms one step in place of the
 * password (DESIGN 13). Shared, because every confirming step of every feature may ask for it.
 */
export function requestReauthCode(): Promise<void> {
  return apiRequest<void>(API_PATHS.reauthCode, { method: 'POST', empty: true });
}
