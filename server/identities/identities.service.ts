import type { IdentityJson, LinkTokenReply } from '../../contract/identities.js';
import type { Caller } from '../http/caller.js';
import { generateToken, hashToken } from '../sessions/session-token.js';
import type { Authenticated } from '../sessions/sessions.service.js';
import type { Account } from '../users/account.js';
import { insertLinkToken } from './flows.repository.js';
import type { IdentitiesContext } from './identities-context.js';
import { otherWaysIn } from './identities-users.repository.js';
import { deleteIdentity, identitiesOf, type IdentityRow } from './identities.repository.js';
import { identityUnlinkedMail } from './identity-mails.js';
import { identityNotFound, lastSignInMethod } from '../http/errors.js';

/** DESIGN 14: the link token works once, for as long as a flow lives. */
export const LINK_TOKEN_TTL_MS = 10 * 60_000;

const toJson = ({ id, provider, email, created_at, last_used_at }: IdentityRow): IdentityJson => ({
  id,
  provider,
  email,
  created_at,
  last_used_at,
});

export async function identitiesJson({ db }: IdentitiesContext, user: Account): Promise<IdentityJson[]> {
  return (await identitiesOf(db, user.id)).map(toJson);
}

/**
 * The one-time token a link flow carries (GET /auth/:provider/start?intent=link&link_token=…): it names this
 * account and this session, so a callback can only ever link to the account that asked, while it is signed in.
 */
export async function issueLinkToken(
  { db, now }: IdentitiesContext,
  { user, session }: Authenticated,
): Promise<LinkTokenReply> {
  const token = generateToken();
  const expiresAt = new Date(now().getTime() + LINK_TOKEN_TTL_MS).toISOString();
  await insertLinkToken(db, {
    token_hash: hashToken(token),
    user_id: user.id,
    session_id: session.id,
    expires_at: expiresAt,
  });
  return { link_token: token, expires_at: expiresAt };
}

/**
 * Before the proof is asked: the identity is the account's (404 `identity_not_found`) and not its last way in
 * (409 `last_sign_in_method`: no password, passkey or other identity left), so nobody types a password or
 * waits for a code to hear that it cannot be done.
 */
export async function checkDisconnectable(
  { db }: IdentitiesContext,
  { user, id }: { user: Account; id: string },
): Promise<void> {
  if (!(await identitiesOf(db, user.id)).some((identity) => identity.id === id)) throw identityNotFound();
  if (!(await otherWaysIn(db, { userId: user.id, exceptIdentity: id }))) throw lastSignInMethod();
}

/**
 * Disconnects one identity, unless it is the account's last way in; the check and the removal are one
 * transaction, so two racing removals cannot leave the account without one.
 */
export async function disconnectIdentity(
  ctx: IdentitiesContext,
  { user, id, caller }: { user: Account; id: string; caller: Caller },
): Promise<void> {
  const { db, audit, mailer, config, events, providers } = ctx;
  const removed = await db.transaction().execute(async (tx) => {
    const identity = await deleteIdentity(tx, { id, userId: user.id });
    if (!identity) throw identityNotFound();
    if (!(await otherWaysIn(tx, { userId: user.id }))) throw lastSignInMethod();
    await audit.record(tx, { event: 'identity_unlinked', subject: { userId: user.id }, ip: caller.ip });
    return identity;
  });
  const providerName = providers.settingsOf(removed.provider)?.name ?? removed.provider;
  mailer.dispatch(identityUnlinkedMail(config, { to: user.email, providerName }));
  await events.securityChanged(user.id);
}
