/** Names the push channel and the API share, free of zod so the web app can import them as values. */

/** How a session began: a password sign-in, a sign-up, a QR code, or a passkey. */
export const SESSION_KINDS = ['password', 'signup', 'qr', 'passkey'] as const;
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
] as const;
export type AccountEventName = (typeof ACCOUNT_EVENTS)[number];
