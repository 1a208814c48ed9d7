import { type Param, prepare } from '../db/prepared-query.js';
import type { DbOrTx } from '../db/database.js';
import type { Selectable } from 'kysely';
import type { TwoFactorTable } from '../db/schema.js';

export interface StoredTwoFactor {
  user_id: number;
  secret_box: string;
  enabled_at: string | null;
  last_used_step: number | null;
  created_at: string;
}

const read = (row: Selectable<TwoFactorTable>): StoredTwoFactor => ({
  ...row,
  last_used_step: row.last_used_step === null ? null : Number(row.last_used_step),
});

// Every password sign-in asks whether the account has two-step sign-in on: built once per dialect.
const twoFactorOf = prepare((db, param: Param<{ userId: number }>) =>
  db.selectFrom('two_factor').selectAll().where('user_id', '=', param('userId')),
);

export async function findTwoFactor(db: DbOrTx, userId: number): Promise<StoredTwoFactor | null> {
  const [row] = await twoFactorOf.rows(db, { userId });
  return row ? read(row) : null;
}

/** Which of these users have two-step sign-in on. */
export async function withTwoFactorOn(db: DbOrTx, userIds: number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('two_factor')
    .select('user_id')
    .where('user_id', 'in', userIds)
    .where('enabled_at', 'is not', null)
    .execute();
  return new Set(rows.map((row) => row.user_id));
}

/** A new pending set-up replaces any earlier pending one; a row that is already on is left alone (false). */
export async function savePendingSetup(
  db: DbOrTx,
  { userId, secretBox, at }: { userId: number; secretBox: string; at: string },
): Promise<boolean> {
  await db
    .insertInto('two_factor')
    .values({
      user_id: userId,
      secret_box: secretBox,
      enabled_at: null,
      last_used_step: null,
      created_at: at,
    })
    .onConflict((conflict) =>
      conflict
        .column('user_id')
        .doUpdateSet({ secret_box: secretBox, last_used_step: null, created_at: at })
        .where('two_factor.enabled_at', 'is', null),
    )
    .execute();
  const row = await findTwoFactor(db, userId);
  return row !== null && row.enabled_at === null && row.secret_box === secretBox;
}

/**
 * Takes the code's time step if it is later than the last one taken, in one statement, so of two requests
 * with the same code only one passes. `enabling` also switches on a pending set-up, only the one whose
 * secret the code was checked against (a set-up made anew meanwhile stays pending).
 */
export async function takeStep(
  db: DbOrTx,
  { userId, step, enabling }: { userId: number; step: number; enabling?: { at: string; secretBox: string } },
): Promise<boolean> {
  let query = db
    .updateTable('two_factor')
    .set(enabling ? { last_used_step: step, enabled_at: enabling.at } : { last_used_step: step })
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', step)]));
  query = enabling
    ? query.where('enabled_at', 'is', null).where('secret_box', '=', enabling.secretBox)
    : query.where('enabled_at', 'is not', null);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteTwoFactor(db: DbOrTx, userId: number): Promise<boolean> {
  const result = await db.deleteFrom('two_factor').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function replaceRecoveryCodes(
  db: DbOrTx,
  { userId, codeHashes, at }: { userId: number; codeHashes: string[]; at: string },
): Promise<void> {
  await db.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('two_factor_recovery_codes')
    .values(codeHashes.map((code_hash) => ({ user_id: userId, code_hash, created_at: at, used_at: null })))
    .execute();
}

export async function deleteRecoveryCodes(db: DbOrTx, userId: number): Promise<void> {
  await db.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
}

/** Spends an unused recovery code of the account, once: of two racing requests only one gets it. */
export async function spendRecoveryCode(
  db: DbOrTx,
  { userId, codeHash, at }: { userId: number; codeHash: string; at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('two_factor_recovery_codes')
    .set({ used_at: at })
    .where('user_id', '=', userId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function countUnusedRecoveryCodes(db: DbOrTx, userId: number): Promise<number> {
  const row = await db
    .selectFrom('two_factor_recovery_codes')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Every stored box, for re-sealing after a key rotation. */
export function allSecretBoxes(db: DbOrTx) {
  return db.selectFrom('two_factor').select(['user_id', 'secret_box']).execute();
}

/** Swaps a box for its re-sealed self, unless a new set-up replaced it meanwhile. */
export async function replaceSecretBox(
  db: DbOrTx,
  { userId, from, to }: { userId: number; from: string; to: string },
): Promise<void> {
  await db
    .updateTable('two_factor')
    .set({ secret_box: to })
    .where('user_id', '=', userId)
    .where('secret_box', '=', from)
    .execute();
}
