import type { DbOrTx } from '../db/database.js';
import type { TwoFactorChallengesTable } from '../db/schema.js';

export async function insertChallenge(db: DbOrTx, challenge: TwoFactorChallengesTable): Promise<void> {
  await db.insertInto('two_factor_challenges').values(challenge).execute();
}

/**
 * Counts one try of a live challenge that has tries left, before the code is looked at (as a password check
 * counts before argon2 runs), and returns it; null when it is unknown, expired or spent.
 */
export async function countTry(
  db: DbOrTx,
  { tokenHash, maxTries, now }: { tokenHash: string; maxTries: number; now: string },
): Promise<Pick<
  TwoFactorChallengesTable,
  'user_id' | 'password_changed_at' | 'first_factor' | 'tries'
> | null> {
  const row = await db
    .updateTable('two_factor_challenges')
    .set((eb) => ({ tries: eb('tries', '+', 1) }))
    .where('token_hash', '=', tokenHash)
    .where('tries', '<', maxTries)
    .where('expires_at', '>', now)
    .returning(['user_id', 'password_changed_at', 'first_factor', 'tries'])
    .executeTakeFirst();
  return row ?? null;
}

/** Ends a challenge; true for the one request that ended it. */
export async function deleteChallenge(db: DbOrTx, tokenHash: string): Promise<boolean> {
  const result = await db
    .deleteFrom('two_factor_challenges')
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function deleteChallengesOf(db: DbOrTx, userId: number): Promise<void> {
  await db.deleteFrom('two_factor_challenges').where('user_id', '=', userId).execute();
}

export async function deleteSpentChallenges(db: DbOrTx, at: string): Promise<number> {
  const result = await db
    .deleteFrom('two_factor_challenges')
    .where('expires_at', '<=', at)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
