import type { DbOrTx } from '../db/database.js';

/** Records that this session proved its owner again now (one row per session, the latest proof). */
export async function recordReauthentication(
  db: DbOrTx,
  { sessionId, method, at }: { sessionId: number; method: string; at: string },
): Promise<void> {
  await db
    .insertInto('session_reauthentications')
    .values({ session_id: sessionId, method, proved_at: at })
    .onConflict((conflict) => conflict.column('session_id').doUpdateSet({ method, proved_at: at }))
    .execute();
}

/** When this session last proved its owner again, or null. */
export async function lastReauthentication(db: DbOrTx, sessionId: number): Promise<string | null> {
  const row = await db
    .selectFrom('session_reauthentications')
    .select('proved_at')
    .where('session_id', '=', sessionId)
    .executeTakeFirst();
  return row?.proved_at ?? null;
}
