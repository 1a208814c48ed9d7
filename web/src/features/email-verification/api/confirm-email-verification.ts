import { API_PATHS } from '@contract/api-paths';
import type { ConfirmEmailVerificationBody } from '@contract/email-verification';
import type { Me } from '@contract/users';
import { apiRequest } from '@/lib/http-client';

/**
 * POST /api/v1/email_verification/confirm: the code of the mail (signed in), or the token of its link alone (no
 * sign-in needed). The reply is the account as /me says it, now with `email_verified` true.
 */
export function confirmEmailVerification(body: ConfirmEmailVerificationBody): Promise<Me> {
  // The link works signed out, and must not confirm with a Bearer token of whoever is signed in here.
  const token = 'token' in body ? null : undefined;
  return apiRequest<Me>(API_PATHS.confirmEmailVerification, { method: 'POST', body, token });
}
