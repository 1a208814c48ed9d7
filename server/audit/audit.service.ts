import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import type { DbOrTx } from '../db/database.js';
import type { AppKeys } from '../security/app-keys.js';
import { insertAuditEvent } from './audit.repository.js';

export type AuditEventName =
  | 'sign_up'
  | 'sign_in'
  | 'sign_in_failed'
  | 'password_reset_requested'
  | 'password_changed'
  | 'password_change_failed'
  | 'account_deleted'
  | 'account_deletion_failed'
  | 'email_change_requested'
  | 'email_change_failed'
  | 'email_changed'
  | 'email_change_undone'
  | 'reauthenticated'
  | 'reauthentication_failed'
  | 'data_exported'
  | 'passkey_added'
  | 'passkey_removed'
  | 'session_revoked'
  | 'two_factor_enabled'
  | 'two_factor_disabled'
  | 'recovery_codes_replaced'
  // Sign in with Google, Apple or any OpenID provider (DESIGN 14).
  | 'identity_linked'
  | 'identity_unlinked'
  | 'account_taken_back'
  // DESIGN 13: the address confirmed (by its code or link, a reset, a sign-in code or an e-mail change),
  // mails with codes, and wrong codes.
  | 'email_verification_sent'
  | 'email_verified'
  | 'email_verification_failed'
  | 'sign_in_code_sent'
  | 'reauth_code_sent'
  | 'first_password_set'
  // The support role, granted and revoked on the server's command line (DESIGN 16).
  | 'support_role_granted'
  | 'support_role_revoked'
  // What a support agent did to an account, each with the agent and the reason.
  | 'support_signed_out_all'
  | 'support_two_factor_reset'
  | 'support_unlocked'
  | 'support_verification_resent'
  | 'support_subscription_cancelled'
  | 'support_account_deleted';

/** Who an event is about: a user id, or (for an address without an account) the normalised e-mail. */
export type AuditSubject = { userId: number } | { email: string };

/** What is recorded of an event: a support agent's action also names the agent and their reason. */
export interface AuditRecord {
  event: AuditEventName;
  subject: AuditSubject;
  ip: string | null;
  /** The support agent who acted on the subject's account. */
  actor?: { userId: number };
  reason?: string;
}

/**
 * Writes audit events whose subject is a keyed hash (HMAC-SHA-256) of the user id: events of one account
 * can be linked while the key exists, yet the table never holds an e-mail, and a leaked table alone does
 * not name anybody. The key comes from the app keys, outside the database (docs/decisions/156): a copy of
 * the database alone cannot even test a guessed id or address against a subject.
 */
export class AuditTrail {
  private readonly keys: readonly KeyObject[];

  constructor(appKeys: AppKeys) {
    // KeyObjects made once: on Node 24, HMAC with raw key bytes costs several times as much (decision 201).
    this.keys = appKeys.all.map((key) => createSecretKey(appKeys.derive('audit subject', key)));
  }

  /** The subject new events get: keyed with the current key. */
  subjectOf(subject: AuditSubject): string {
    return subjectUnder(this.keys[0]!, subject);
  }

  /** The subject under every key listed: events written before a rotation are still found while it is. */
  subjectsOf(subject: AuditSubject): string[] {
    return this.keys.map((key) => subjectUnder(key, subject));
  }

  async record(db: DbOrTx, { event, subject, ip, actor, reason }: AuditRecord): Promise<void> {
    await insertAuditEvent(db, {
      at: new Date().toISOString(),
      event,
      subject: this.subjectOf(subject),
      ip,
      actor: actor ? this.subjectOf(actor) : null,
      reason: reason ?? null,
    });
  }
}

function subjectUnder(key: KeyObject, subject: AuditSubject): string {
  const input = 'userId' in subject ? `user:${subject.userId}` : `email:${subject.email}`;
  return createHmac('sha256', key).update(input).digest('base64url');
}
