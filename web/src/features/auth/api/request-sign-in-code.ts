import { API_PATHS } from '@contract/api-paths';
import type { EmailCodeRequestBody } from '@contract/email-verification';
import { apiRequest } from '@/lib/http-client';

/**
 * POST /api/v1/login/email_code: mails a sign-in code to the address when an account with a confirmed address
 * uses it; the reply (204) is the same either way, so it tells nobody whether the account exists.
 */
export function requestSignInCode(email: string): Promise<void> {
  const body: EmailCodeRequestBody = { email };
  return apiRequest<void>(API_PATHS.emailCodeLogin, { method: 'POST', body, token: null, empty: true });
}
