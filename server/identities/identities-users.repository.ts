import type { DbOrTx } from '../db/database.js';

/**
 * The account row's part of a take-back (DESIGN 14), once the recovery has confirmed the address: the password
 * goes, and its change time moves, so a sign-in or code step begun with it cannot finish.
 */
export async function removePassword(
  tx: DbOrTx,
  { userId, at }: { userId: number; at: string },
): Promise<void> {
  await tx
    .updateTable('users')
    .set({ password_hash: null, password_changed_at: at, updated_at: at })
    .where('id', '=', userId)
    .execute();
}

/**
 * Whether the account has a way to sign in besides `exceptIdentity` (or what this transaction removed): a
 * password, a passkey or an identity (DESIGN 14's `last_sign_in_method`).
 */
export async function otherWaysIn(
  tx: DbOrTx,
  { userId, exceptIdentity = '' }: { userId: number; exceptIdentity?: string },
): Promise<boolean> {
  const row = await tx
    .selectFrom('users')
    .select((eb) => [
      eb('password_hash', 'is not', null).as('has_password'),
      eb.exists(eb.selectFrom('passkeys').select('id').where('user_id', '=', userId)).as('has_passkey'),
      eb
        .exists(
          eb
            .selectFrom('identities')
            .select('id')
            .where('user_id', '=', userId)
            .where('id', '!=', exceptIdentity),
        )
        .as('has_identity'),
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!row) return false;
  return [row.has_password, row.has_passkey, row.has_identity].some(
    (value) => Boolean(Number(value)) || value === true,
  );
}
