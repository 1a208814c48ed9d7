import type { UserRow } from '../db/schema.js';

/** A user as services and routes see it: everything but the password hash, which stays below them. */
export type Account = Omit<UserRow, 'password_hash'>;

export function toAccount({ password_hash: _hash, ...account }: UserRow): Account {
  return account;
}
