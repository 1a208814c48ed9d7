import type { UserRow } from '../db/schema.js';

/**
 * A user as services and routes see it: everything but the password hash, which stays below them, and
 * whether there is one (an account made by a provider's sign-in has none, DESIGN 13/14).
 */
export type Account = Omit<UserRow, 'password_hash'> & { has_password: boolean };

export function toAccount({ password_hash: hash, ...account }: UserRow): Account {
  return { ...account, has_password: hash !== null };
}

/** An account row as read with ACCOUNT_SELECTION (users.repository.ts): `has_password` comes as 0 or 1. */
export function readAccount<R extends Omit<Account, 'has_password'> & { has_password: number | string }>(
  row: R,
): Account {
  return {
    id: row.id,
    email: row.email,
    role: Number(row.role),
    created_at: row.created_at,
    updated_at: row.updated_at,
    password_changed_at: row.password_changed_at,
    email_verified_at: row.email_verified_at,
    has_password: Number(row.has_password) === 1,
  };
}
