import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { SessionKind } from '../../contract/account-events.js';
import type { EmailCodePurpose } from '../../contract/email-codes.js';

/** Timestamps are ISO 8601 text and booleans are 0/1 integers so both dialects store the same values. */
export interface UsersTable {
  id: Generated<number>;
  email: string;
  /** null for an account without a password (made through DESIGN 14's provider sign-in). */
  password_hash: string | null;
  role: number;
  created_at: string;
  updated_at: string;
  password_changed_at: string;
  /** When the address was confirmed (DESIGN 13); null until then. Insertable without it: a new sign-up is unverified. */
  email_verified_at: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: string;
  last_used_at: string;
  expires_at: string;
  user_agent: string | null;
  kind: SessionKind;
  pending: number;
  /** What the Devices list shows and revokes by: random, never the token or its hash. */
  public_id: string;
  /** How many factors the session began with: 2 for a passkey, or a password and a code (DESIGN 16). */
  factors: ColumnType<number, number | undefined, number>;
}

export interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface AuditEventsTable {
  id: Generated<number>;
  at: string;
  event: string;
  subject: string;
  ip: string | null;
  /** The support agent who acted (their keyed subject, as `subject` is made), or null. */
  actor: string | null;
  /** The agent's reason, as typed in the console. */
  reason: string | null;
}

export interface SecretsTable {
  name: string;
  value: string;
}

export interface SubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  paypal_subscription_id: string;
  plan: 'monthly' | 'weekly' | 'two_day';
  paypal_plan_id: string;
  status: 'APPROVAL_PENDING' | 'APPROVED' | 'ACTIVE' | 'SUSPENDED' | 'CANCELLED' | 'EXPIRED';
  next_billing_at: string | null;
  last_payment_at: string | null;
  payment_failed: number;
  status_changed_at: string;
  access_until: string | null;
  created_at: string;
  updated_at: string;
  /** While in a trial: when it ends, as PayPal says (its next billing time); null outside a trial. */
  trial_ends_at: string | null;
  /** When the mail three days before the trial's end went out (once). */
  trial_reminded_at: string | null;
  /** 1 when this server created it with its plan override (no trial: one per account). */
  plan_overridden: Generated<number>;
  /** When a full refund or a reversal ended access (DESIGN 15): access_until from then on. */
  access_ended_at: string | null;
}

/** A payment PayPal reported: the subscription it paid, and when its receipt was mailed. */
export interface PayPalSalesTable {
  sale_id: string;
  subscription_id: number;
  receipt_mailed_at: string | null;
}

/** A single-use address of one receipt page (decision 192): 5 minutes, only the token's SHA-256. */
export interface ReceiptLinksTable {
  token_hash: string;
  user_id: number;
  transaction_id: string;
  expires_at: string;
}

/** One row while a user's subscription create runs (decision 154): creates of one user take turns. */
export interface SubscriptionCreateLocksTable {
  user_id: number;
  taken_at: string;
}

export interface PayPalEventsTable {
  /** PayPal's event id, e.g. WH-… */
  id: string;
  event_type: string;
  received_at: string;
  /** PAYPAL-TRANSMISSION-ID of the delivery that brought it: one transmission, one event. */
  transmission_id: string | null;
}

/** An e-mail change waiting for the new address to confirm it (single use: the row goes when used). */
export interface EmailChangesTable {
  id: Generated<number>;
  user_id: number;
  new_email: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
}

export interface PasskeysTable {
  id: string;
  user_id: number;
  /** base64url, as the authenticator names the credential. */
  credential_id: string;
  /** base64url of the COSE public key. */
  public_key: string;
  /** bigint: PostgreSQL hands it back as text, the repository reads it as a number. */
  sign_count: ColumnType<number | string, number, number>;
  /** JSON array of transport names. */
  transports: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

export interface PasskeyChallengesTable {
  challenge: string;
  purpose: 'registration' | 'authentication';
  /** The account a registration challenge was issued to; null for sign-in. */
  user_id: number | null;
  expires_at: string;
}

/** Two-step sign-in of one account: pending until enabled_at is set. */
export interface TwoFactorTable {
  user_id: number;
  /** AES-256-GCM box of the base32 TOTP secret (server/two-factor/secret-box.ts). */
  secret_box: string;
  enabled_at: string | null;
  /** bigint: PostgreSQL hands it back as text, the repository reads it as a number. */
  last_used_step: ColumnType<number | string | null, number | null, number | null>;
  created_at: string;
}

export interface TwoFactorRecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 (hex) of the normalised code; the code itself is shown once and kept nowhere. */
  code_hash: string;
  created_at: string;
  used_at: string | null;
}

export interface TwoFactorChallengesTable {
  /** SHA-256 (hex) of the challenge token the login call handed out. */
  token_hash: string;
  user_id: number;
  password_changed_at: string;
  /** How the first step was taken: the kind of the session the code step starts. */
  first_factor: 'password' | 'email_code' | 'oidc';
  /** Codes tried so far; the fifth wrong one ends the challenge. */
  tries: number;
  expires_at: string;
}

/** A browser that signed in to the account (DESIGN 7): only the SHA-256 of the cookie's random id. */
export interface DeviceCookiesTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: string;
}

/** When a session last proved its owner again, and how (`password`, `passkey`). */
export interface SessionReauthenticationsTable {
  session_id: number;
  method: string;
  proved_at: string;
}

/** The undo link of a completed e-mail change (7 days); the old address sealed with the link's key. */
export interface EmailChangeUndosTable {
  id: Generated<number>;
  user_id: number;
  old_email_sealed: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
}

/** A code mailed by DESIGN 13; `expires_at` is the row's last moment (the verify link's), see email-codes/. */
export interface EmailCodesTable {
  id: Generated<number>;
  user_id: number;
  purpose: EmailCodePurpose;
  /** SHA-256 (hex) of the 6-digit code. */
  code_hash: string;
  /** SHA-256 (hex) of the link's token: `verify` codes only. */
  token_hash: string | null;
  created_at: string;
  expires_at: string;
  tries: ColumnType<number, number | undefined, number>;
  used_at: string | null;
}

/** An account's identity at an OpenID provider (DESIGN 14). */
export interface IdentitiesTable {
  id: string;
  user_id: number;
  provider: string;
  subject: string;
  email: string | null;
  created_at: string;
  last_used_at: string | null;
}

/** A provider flow between its start and its callback (server/identities/flows.repository.ts). */
export interface OidcFlowsTable {
  state_hash: string;
  provider: string;
  nonce: string;
  code_verifier: string;
  return_to: string;
  intent: 'sign_in' | 'link';
  user_id: number | null;
  expires_at: string;
}

export interface IdentityLinkTokensTable {
  token_hash: string;
  user_id: number;
  session_id: number;
  expires_at: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  audit_events: AuditEventsTable;
  app_secrets: SecretsTable;
  subscriptions: SubscriptionsTable;
  paypal_events: PayPalEventsTable;
  subscription_create_locks: SubscriptionCreateLocksTable;
  email_changes: EmailChangesTable;
  passkeys: PasskeysTable;
  passkey_challenges: PasskeyChallengesTable;
  two_factor: TwoFactorTable;
  two_factor_recovery_codes: TwoFactorRecoveryCodesTable;
  two_factor_challenges: TwoFactorChallengesTable;
  device_cookies: DeviceCookiesTable;
  session_reauthentications: SessionReauthenticationsTable;
  email_change_undos: EmailChangeUndosTable;
  email_codes: EmailCodesTable;
  identities: IdentitiesTable;
  oidc_flows: OidcFlowsTable;
  identity_link_tokens: IdentityLinkTokensTable;
  paypal_sales: PayPalSalesTable;
  receipt_links: ReceiptLinksTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type PasswordResetRow = Selectable<PasswordResetsTable>;
export type SubscriptionRow = Selectable<SubscriptionsTable>;
export type EmailChangeRow = Selectable<EmailChangesTable>;
export type PasskeyRow = Selectable<PasskeysTable>;
