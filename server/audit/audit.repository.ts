import { type Param, prepare } from '../db/prepared-query.js';
import type { DbOrTx } from '../db/database.js';

export interface AuditEventRow {
  at: string;
  event: string;
  subject: string;
  ip: string | null;
  actor: string | null;
  reason: string | null;
}

// Every sign-in writes one: prepared (prepared-query.ts).
const insert = prepare((db, param: Param<AuditEventRow>) =>
  db.insertInto('audit_events').values({
    at: param('at'),
    event: param('event'),
    subject: param('subject'),
    ip: param('ip'),
    actor: param('actor'),
    reason: param('reason'),
  }),
);

export async function insertAuditEvent(db: DbOrTx, event: AuditEventRow): Promise<void> {
  await insert.execute(db, event);
}

/** Events older than `before` (ISO text): the audit trail keeps a year (docs/privacy.md). */
export async function deleteAuditEventsBefore(db: DbOrTx, before: string): Promise<number> {
  const result = await db.deleteFrom('audit_events').where('at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
