import type { DbOrTx } from '../db/database.js';
import { type Param, prepare } from '../db/prepared-query.js';

/** Whether one of these cookie hashes was given to a browser that signed in to the account of `email`. */
export async function isDeviceOf(
  db: DbOrTx,
  { tokenHashes, email }: { tokenHashes: string[]; email: string },
): Promise<boolean> {
  if (tokenHashes.length === 0) return false;
  const row = await db
    .selectFrom('device_cookies')
    .innerJoin('users', 'users.id', 'device_cookies.user_id')
    .select('device_cookies.id')
    .where('device_cookies.token_hash', 'in', tokenHashes)
    .where('users.email', '=', email)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether one of these cookie hashes already names this account (the browser keeps its id). */
export async function heldFor(
  db: DbOrTx,
  { tokenHashes, userId }: { tokenHashes: string[]; userId: number },
): Promise<boolean> {
  if (tokenHashes.length === 0) return false;
  const row = await db
    .selectFrom('device_cookies')
    .select('id')
    .where('token_hash', 'in', tokenHashes)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

type DeviceCookieRow = { user_id: number; token_hash: string; created_at: string };

// Built once: every sign-in from a browser new to the account writes one (prepared-query.ts).
const insert = prepare((db, param: Param<DeviceCookieRow>) =>
  db.insertInto('device_cookies').values({
    user_id: param('user_id'),
    token_hash: param('token_hash'),
    created_at: param('created_at'),
  }),
);

export async function insertDeviceCookie(db: DbOrTx, row: DeviceCookieRow): Promise<void> {
  await insert.execute(db, row);
}

/** A completed reset: no browser is recognised for the account any more. */
export async function deleteDeviceCookiesOf(db: DbOrTx, userId: number): Promise<void> {
  await db.deleteFrom('device_cookies').where('user_id', '=', userId).execute();
}

/** Cookies live a year in the browser; their rows go when the cookie has. */
export async function deleteDeviceCookiesBefore(db: DbOrTx, at: string): Promise<number> {
  const result = await db.deleteFrom('device_cookies').where('created_at', '<=', at).executeTakeFirst();
  return Number(result.numDeletedRows);
}
