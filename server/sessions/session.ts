import type { SessionRow } from '../db/schema.js';

/** A session as services and routes see it: everything but the token hash. */
export type Session = Omit<SessionRow, 'token_hash'>;

/**
 * Every field but the hash, named one by one: every Bearer call makes one, and rest destructuring
 * (`{ token_hash, ...session }`) copies through the engine's slow generic path instead of one literal.
 */
export function toSession(row: SessionRow): Session {
  return {
    id: row.id,
    user_id: row.user_id,
    created_at: row.created_at,
    last_used_at: row.last_used_at,
    expires_at: row.expires_at,
    user_agent: row.user_agent,
    kind: row.kind,
    pending: row.pending,
    public_id: row.public_id,
    factors: row.factors,
  };
}
