import type { DbOrTx } from '../db/database.js';

export interface AuditEventRow {
  at: string;
  event: string;
  subject: string;
  ip: string | null;
}

export async function insertAuditEvent(db: DbOrTx, event: AuditEventRow): Promise<void> {
  await db.insertInto('audit_events').values(event).execute();
}

/** Events older than `before` (ISO text): the audit trail keeps a year (docs/privacy.md). */
export async function deleteAuditEventsBefore(db: DbOrTx, before: string): Promise<number> {
  const result = await db.deleteFrom('audit_events').where('at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
