import { API_PATHS } from '@contract/api-paths';
import { apiRequest } from './http-client';

/**
 * POST /api/v1/email_verification: a new mail with a code and a link that confirm the account's address (202;
 * 429 past 5 an hour; 409 `already_verified`). Shared by the account page's banner and the pricing page, which
 * both offer 'Send a new code'.
 */
export function requestVerificationMail(): Promise<void> {
  return apiRequest<void>(API_PATHS.emailVerification, { method: 'POST', empty: true });
}
