import type { DbOrTx } from '../db/database.js';

/**
 * The secret stored under `name`, created with `candidate` if there is none yet. Instances starting together
 * may race: the insert that loses does nothing, and every one of them reads back the single stored value.
 */
export async function getOrCreateSecret(db: DbOrTx, name: string, candidate: string): Promise<string> {
  await db
    .insertInto('app_secrets')
    .values({ name, value: candidate })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('app_secrets')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.value;
}
