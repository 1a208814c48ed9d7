import type { DbOrTx } from '../db/database.js';
import type { IdentityLinkTokensTable, OidcFlowsTable } from '../db/schema.js';

export type FlowRow = OidcFlowsTable;

export async function insertFlow(db: DbOrTx, flow: FlowRow): Promise<void> {
  await db.insertInto('oidc_flows').values(flow).execute();
}

/**
 * Ends a flow and returns it, when it is live: single use, so a replayed callback (the same state and code)
 * finds nothing, and of two racing callbacks one gets it.
 */
export async function takeFlow(
  db: DbOrTx,
  { stateHash, now }: { stateHash: string; now: string },
): Promise<FlowRow | null> {
  const row = await db
    .deleteFrom('oidc_flows')
    .where('state_hash', '=', stateHash)
    .returningAll()
    .executeTakeFirst();
  return row && row.expires_at > now ? row : null;
}

export async function insertLinkToken(db: DbOrTx, token: IdentityLinkTokensTable): Promise<void> {
  await db.insertInto('identity_link_tokens').values(token).execute();
}

/** Ends a link token and returns it, when it is live (single use). */
export async function takeLinkToken(
  db: DbOrTx,
  { tokenHash, now }: { tokenHash: string; now: string },
): Promise<IdentityLinkTokensTable | null> {
  const row = await db
    .deleteFrom('identity_link_tokens')
    .where('token_hash', '=', tokenHash)
    .returningAll()
    .executeTakeFirst();
  return row && row.expires_at > now ? row : null;
}

/** Housekeeping: flows and link tokens nobody finished. */
export async function deleteDeadFlows(db: DbOrTx, at: string): Promise<number> {
  const flows = await db.deleteFrom('oidc_flows').where('expires_at', '<=', at).executeTakeFirst();
  const tokens = await db.deleteFrom('identity_link_tokens').where('expires_at', '<=', at).executeTakeFirst();
  return Number(flows.numDeletedRows) + Number(tokens.numDeletedRows);
}

export async function deleteLinkTokensOf(db: DbOrTx, userId: number): Promise<void> {
  await db.deleteFrom('identity_link_tokens').where('user_id', '=', userId).execute();
}
