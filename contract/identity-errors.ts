/**
 * The codes the provider flow's callback sends the page back with (`/login?error=…`,
 * `/account/security?error=…`), and their sentences (DESIGN 14). Free of zod: the login page imports them.
 * `<name>` is the provider's name, which the callback adds as `&provider=<id>`.
 */
const OIDC_ERROR_MESSAGES = {
  oidc_failed: 'Signing in with <name> did not work. Please try again.',
  oidc_email_unverified:
    '<name> has not confirmed your e-mail address, so it cannot sign you in here. Confirm it at <name>, or sign in another way.',
  oidc_account_exists:
    'This e-mail already has an account. Sign in, then connect <name> from your account page.',
  oidc_cancelled: 'Signing in with <name> was cancelled.',
  oidc_identity_taken:
    'This <name> account is already connected to another account here. Disconnect it there first.',
  oidc_unavailable:
    '<name> cannot be reached right now. Please try again in a few minutes, or sign in another way.',
  oidc_link_expired:
    'The page took too long, so nothing was connected. Please choose Connect again on your account page.',
} as const;

export type OidcErrorCode = keyof typeof OIDC_ERROR_MESSAGES;
export const OIDC_ERROR_CODES = Object.keys(OIDC_ERROR_MESSAGES) as OidcErrorCode[];

/** The sentence of a callback's `?error=` code, with the provider's name; null for a code it does not know. */
export function oidcErrorSentence(code: string, providerName = 'the provider'): string | null {
  if (!Object.hasOwn(OIDC_ERROR_MESSAGES, code)) return null;
  return OIDC_ERROR_MESSAGES[code as OidcErrorCode].replaceAll('<name>', providerName);
}
