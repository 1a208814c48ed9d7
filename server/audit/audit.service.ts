import { createHmac, randomBytes } from 'node:crypto';
import type { Db, DbOrTx } from '../db/database.js';
import { getOrCreateSecret } from './app-secrets.repository.js';
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
  | 'recovery_codes_replaced';

/** Who an event is about: a user id, or (for an address without an account) the normalised e-mail. */
export type AuditSubject = { userId: number } | { email: string };

const SUBJECT_KEY_NAME = 'audit_subject_key';

/**
 * Writes audit events whose subject is a keyed hash (HMAC-SHA-256) of the user id: events of one account
 * can be linked while the key exists, yet the table never holds an e-mail, and a leaked table alone does
 * not name anybody. The key is made once and shared by every instance through `app_secrets`.
 */
export class AuditTrail {
  private key: Buffer | undefined;

  /** Loads (or creates) the key. Called at start-up, outside any transaction. */
  async load(db: Db): Promise<void> {
    const value = await getOrCreateSecret(db, SUBJECT_KEY_NAME, randomBytes(32).toString('base64url'));
    this.key = Buffer.from(value, 'base64url');
  }

  subjectOf(subject: AuditSubject): string {
    if (!this.key) throw new Error('The audit key is not loaded yet.');
    const input = 'userId' in subject ? `user:${subject.userId}` : `email:${subject.email}`;
    return createHmac('sha256', this.key).update(input).digest('base64url');
  }

  async record(
    db: DbOrTx,
    { event, subject, ip }: { event: AuditEventName; subject: AuditSubject; ip: string | null },
  ): Promise<void> {
    await insertAuditEvent(db, { at: new Date().toISOString(), event, subject: this.subjectOf(subject), ip });
  }
}
