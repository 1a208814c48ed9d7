import type { SessionRow } from '../db/schema.js';

/** A session as services and routes see it: everything but the token hash. */
export type Session = Omit<SessionRow, 'token_hash'>;

export function toSession({ token_hash: _hash, ...session }: SessionRow): Session {
  return session;
}
