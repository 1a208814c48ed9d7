import type { DbOrTx } from '../db/database.js';
import type { PasskeyChallengesTable } from '../db/schema.js';

export type ChallengePurpose = PasskeyChallengesTable['purpose'];

export async function insertChallenge(db: DbOrTx, challenge: PasskeyChallengesTable): Promise<void> {
  await db.insertInto('passkey_challenges').values(challenge).execute();
}

/**
 * Takes a challenge away, so it works once: the row is deleted and returned in one statement, and only
 * one of two racing requests gets it. Null when it is unknown, of another purpose or account, or expired.
 */
export async function takeChallenge(
  db: DbOrTx,
  {
    challenge,
    purpose,
    userId,
    now,
  }: { challenge: string; purpose: ChallengePurpose; userId: number | null; now: string },
): Promise<boolean> {
  let query = db
    .deleteFrom('passkey_challenges')
    .where('challenge', '=', challenge)
    .where('purpose', '=', purpose);
  query = userId === null ? query.where('user_id', 'is', null) : query.where('user_id', '=', userId);
  const taken = await query.returning('expires_at').executeTakeFirst();
  return taken !== undefined && taken.expires_at > now;
}

export async function deleteExpiredChallenges(db: DbOrTx, at: string): Promise<number> {
  const result = await db.deleteFrom('passkey_challenges').where('expires_at', '<=', at).executeTakeFirst();
  return Number(result.numDeletedRows);
}
