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
