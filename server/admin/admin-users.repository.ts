import { sql } from 'kysely';
import type { DbOrTx } from '../db/database.js';
import type { Account } from '../users/account.js';
import { readAccount } from '../users/account.js';
import { ACCOUNT_SELECTION } from '../users/users.repository.js';

/** `like`'s wildcards and its escape character, taken literally. */
const likeLiteral = (text: string) => text.replace(/[!%_]/g, (c) => `!${c}`);

/**
 * A page of accounts whose address contains `part` (any case), by address, after `after` (the last address of
 * the page before). On PostgreSQL the trigram index answers the `like` (decision 184); the order by address
 * uses the unique index, so a common part stops after a page.
 */
export async function searchAccounts(
  db: DbOrTx,
  { part, after, limit }: { part: string; after: string | null; limit: number },
): Promise<Account[]> {
  let query = db.selectFrom('users').select(ACCOUNT_SELECTION).orderBy('email').limit(limit);
  const pattern = part.trim().toLowerCase();
  if (pattern) query = query.where(sql<boolean>`email like ${`%${likeLiteral(pattern)}%`} escape '!'`);
  if (after !== null) query = query.where('email', '>', after);
  return (await query.execute()).map(readAccount);
}

/** The support agents (a handful): the audit trail names them. */
export function listAgents(db: DbOrTx, role: number): Promise<Array<Pick<Account, 'id' | 'email'>>> {
  return db.selectFrom('users').select(['id', 'email']).where('role', '=', role).orderBy('email').execute();
}
