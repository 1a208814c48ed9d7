import { compiledOnce } from '../db/compiled-query.js';
import type { DbOrTx } from '../db/database.js';

export interface AuditEventRow {
  at: string;
  event: string;
  subject: string;
  ip: string | null;
}

// Every sign-in writes one: built once per dialect (compiled-query.ts).
const compiledInsert = compiledOnce(
  (db: DbOrTx, at: string, event: string, subject: string, ip: string | null) =>
    db.insertInto('audit_events').values({ at, event, subject, ip }),
);

export async function insertAuditEvent(db: DbOrTx, { at, event, subject, ip }: AuditEventRow): Promise<void> {
  await db.executeQuery(compiledInsert(db, at, event, subject, ip));
}

/** Events older than `before` (ISO text): the audit trail keeps a year (docs/privacy.md). */
export async function deleteAuditEventsBefore(db: DbOrTx, before: string): Promise<number> {
  const result = await db.deleteFrom('audit_events').where('at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
