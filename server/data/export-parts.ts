import type { ExportReply } from '../../contract/data.js';
import type { AuditTrail } from '../audit/audit.service.js';
import type { Database } from '../db/schema.js';
import type { DbOrTx } from '../db/database.js';
import type { Account } from '../users/account.js';
import {
  exportedAuditEvents,
  exportedEmailChanges,
  exportedEmailCodes,
  exportedIdentities,
  exportedPasskeys,
  exportedPasswordResets,
  exportedSessions,
  exportedSubscriptions,
  exportedTwoFactor,
  exportedUser,
} from './export.repository.js';

export interface ExportReader {
  db: DbOrTx;
  audit: AuditTrail;
}

type Key = Exclude<keyof ExportReply, 'exported_at'>;

/** One part of the export file: its key, the tables it covers, and how it reads the user's rows there. */
export interface ExportPart<K extends Key = Key> {
  key: K;
  /** The tables with a `user_id` column whose rows this part holds (export-coverage.test.ts checks them). */
  tables: (keyof Database)[];
  read(reader: ExportReader, user: Account): Promise<ExportReply[K]>;
}

const part = <K extends Key>(p: ExportPart<K>) => p as unknown as ExportPart;

/**
 * Every row that names the user, one part per table. A new table with a `user_id` column must get a part
 * here (or join one): the coverage test walks the schema and fails until it does.
 */
export const EXPORT_PARTS: ExportPart[] = [
  part({ key: 'user', tables: ['users'], read: ({ db }, user) => exportedUser(db, user.id) }),
  // A create lock (subscription_create_locks) lives while one create runs: covered with subscriptions.
  // A device cookie's row is the hash of a browser's secret id and a date: covered here, never exported.
  part({
    key: 'sessions',
    tables: ['sessions', 'device_cookies'],
    read: ({ db }, user) => exportedSessions(db, user.id),
  }),
  part({
    key: 'subscriptions',
    // A receipt link holds a token's hash and its expiry alone, nothing of the person's to give back.
    tables: ['subscriptions', 'subscription_create_locks', 'receipt_links'],
    read: ({ db }, user) => exportedSubscriptions(db, user.id),
  }),
  // Names and dates, never a key or credential id. A registration challenge (passkey_challenges) is a
  // single-use secret that lives 5 minutes: covered here on purpose, and never exported.
  part({
    key: 'passkeys',
    tables: ['passkeys', 'passkey_challenges'],
    read: ({ db }, user) => exportedPasskeys(db, user.id),
  }),
  // Whether it is on, never the secret (two_factor), the recovery codes' hashes or a sign-in's challenge.
  part({
    key: 'two_factor',
    tables: ['two_factor', 'two_factor_recovery_codes', 'two_factor_challenges'],
    read: ({ db }, user) => exportedTwoFactor(db, user.id),
  }),
  part({
    key: 'password_resets',
    tables: ['password_resets'],
    read: ({ db }, user) => exportedPasswordResets(db, user.id),
  }),
  // An undo link's row holds the old address sealed with the link's key, which only the mail has: covered
  // here, never exported (the export could not open it).
  part({
    key: 'email_changes',
    tables: ['email_changes', 'email_change_undos'],
    read: ({ db }, user) => exportedEmailChanges(db, user.id),
  }),
  // What each mailed code was for and when, never the code's or the link's hash (DESIGN 13).
  part({
    key: 'email_codes',
    tables: ['email_codes'],
    read: ({ db }, user) => exportedEmailCodes(db, user.id),
  }),
  // The provider and the e-mail it gave, never its subject. A flow (oidc_flows) or link token lives 10
  // minutes and holds single-use secrets: covered here, never exported.
  part({
    key: 'identities',
    tables: ['identities', 'oidc_flows', 'identity_link_tokens'],
    read: ({ db }, user) => exportedIdentities(db, user.id),
  }),
  // Events name the account by a keyed hash of its id, or of its address (an attempt that found no account).
  part({
    key: 'audit_events',
    tables: [],
    read: ({ db, audit }, user) =>
      exportedAuditEvents(db, {
        accountSubjects: audit.subjectsOf({ userId: user.id }),
        addressSubjects: audit.subjectsOf({ email: user.email }),
        createdAt: user.created_at,
      }),
  }),
];
