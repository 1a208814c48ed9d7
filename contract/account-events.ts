/** Names the push channel and the API share, free of zod so the web app can import them as values. */

/**
 * How a session began: a password sign-in, a sign-up, a QR code, a passkey, a code mailed to the address, or
 * a sign-in with Google, Apple or another OpenID provider (DESIGN 14).
 */
export const SESSION_KINDS = ['password', 'signup', 'qr', 'passkey', 'email_code', 'oidc'] as const;
export type SessionKind = (typeof SESSION_KINDS)[number];

/** The events AccountChannel streams to every connection of a user. */
export const ACCOUNT_EVENTS = [
  'session_created',
  'password_changed',
  'signed_out',
  'account_deleted',
  'subscription_changed',
  'email_changed',
  'security_changed',
  'session_ended',
  'email_verified',
] as const;
export type AccountEventName = (typeof ACCOUNT_EVENTS)[number];

/**
 * Why a session ended, as `signed_out` tells its own pages (decision 169), so a page can say what happened:
 * `logout` (Logout in another window of that session), `device_sign_out` (Sign out in the Devices list of
 * another device, one or all), `support_sign_out` (a support agent signed the account out everywhere), `password_changed` (with the current password or a reset link),
 * `email_change_undone` (the old address took the account back) and `expired` (unused too long, or a year old).
 */
export const SIGNED_OUT_REASONS = [
  'logout',
  'device_sign_out',
  'support_sign_out',
  'password_changed',
  'email_change_undone',
  'expired',
] as const;
export type SignedOutReason = (typeof SIGNED_OUT_REASONS)[number];
