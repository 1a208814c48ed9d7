import type { DbOrTx } from '../db/database.js';
import type { AuditEventsTable } from '../db/schema.js';
import type { Selectable } from 'kysely';

export type StoredAuditEvent = Selectable<AuditEventsTable>;

/** Newest first: of these subjects (any of an account's keyed subjects) and of this event, before this id. */
export function listAuditEvents(
  db: DbOrTx,
  { subjects, event, before, limit }: { subjects?: string[]; event?: string; before?: number; limit: number },
): Promise<StoredAuditEvent[]> {
  let query = db.selectFrom('audit_events').selectAll().orderBy('id', 'desc').limit(limit);
  if (subjects) query = query.where('subject', 'in', subjects);
  if (event) query = query.where('event', '=', event);
  if (before !== undefined) query = query.where('id', '<', before);
  return query.execute();
}
