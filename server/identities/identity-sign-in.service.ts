import { isUniqueViolation } from '../db/errors.js';
import type { DbOrTx } from '../db/database.js';
import { createSession } from '../sessions/sessions.service.js';
import { isValidEmail, normaliseEmail } from '../users/email-address.js';
import { findUserByEmail, findUserById, insertUser } from '../users/users.repository.js';
import type { Account } from '../users/account.js';
import type { IdentitiesContext } from './identities-context.js';
import { findIdentity, insertIdentity, touchIdentity } from './identities.repository.js';
import { accountTakenBackMail, identityLinkedMail } from './identity-mails.js';
import { removePassword } from './identities-users.repository.js';
import {
  errorRedirect,
  SECURITY_PAGE,
  SIGN_IN_PAGE,
  type FlowRedirect,
  type ProviderClaims,
} from './oidc-flow.js';
import type { FlowRow } from './flows.repository.js';
import type { ProviderSettings } from './provider-settings.js';

const MEMBER = 0;

interface Checked {
  provider: ProviderSettings;
  flow: FlowRow;
  claims: ProviderClaims;
  ip: string | null;
}

/**
 * The page that signs in with the pending token (section 4's single-use kind, 5 minutes, kind `oidc`): the
 * fragment never reaches a server log. The return path rides along for the page to go back to.
 */
async function pendingSignIn(
  ctx: IdentitiesContext,
  userId: number,
  returnTo: string,
): Promise<FlowRedirect> {
  const { token } = await createSession(ctx.db, { userId, kind: 'oidc', pending: true });
  const query = returnTo === '/account' ? '' : `?return_to=${encodeURIComponent(returnTo)}`;
  return { location: `${SIGN_IN_PAGE}${query}#auth_token=${token}` };
}

/**
 * Who signs in (DESIGN 14): the identity when it is known; else, with an e-mail the provider verified, a new
 * account when none has it, the linked account when the provider is trusted, the account taken back from
 * nobody's confirmation by the mailbox owner when it was never verified; otherwise `oidc_account_exists`.
 * An e-mail the provider did not verify never creates and never links: `oidc_email_unverified`.
 */
export async function signInWithIdentity(ctx: IdentitiesContext, checked: Checked): Promise<FlowRedirect> {
  const { db, now } = ctx;
  const { provider, flow, claims } = checked;
  const fail = (code: string) => errorRedirect(SIGN_IN_PAGE, code, provider.id);
  const at = now().toISOString();
  const known = await findIdentity(db, { provider: provider.id, subject: claims.subject });
  if (known) {
    await touchIdentity(db, { id: known.id, at, email: claims.email ?? known.email });
    return pendingSignIn(ctx, known.user_id, flow.return_to);
  }
  if (!claims.emailVerified || !claims.email) return fail('oidc_email_unverified');
  const email = normaliseEmail(claims.email);
  if (!isValidEmail(email)) return fail('oidc_failed');
  const existing = await findUserByEmail(db, email);
  if (!existing) {
    const created = await createAccount(ctx, { ...checked, email, at });
    return created ? pendingSignIn(ctx, created.id, flow.return_to) : fail('oidc_account_exists');
  }
  if (!provider.trustEmail) return fail('oidc_account_exists');
  if (existing.email_verified_at === null) {
    const taken = await takeBack(ctx, { ...checked, user: existing, at });
    return taken ? pendingSignIn(ctx, existing.id, flow.return_to) : fail('oidc_failed');
  }
  const linked = await link(ctx, { ...checked, user: existing, at });
  return linked ? pendingSignIn(ctx, existing.id, flow.return_to) : fail('oidc_failed');
}

/** A new account: verified by the provider, without a password. Null when the address was taken meanwhile. */
async function createAccount(
  ctx: IdentitiesContext,
  { provider, claims, email, at, ip }: Checked & { email: string; at: string },
): Promise<Account | null> {
  const { db, audit } = ctx;
  return db
    .transaction()
    .execute(async (tx) => {
      const user = await insertUser(tx, {
        email,
        password_hash: null,
        role: MEMBER,
        created_at: at,
        updated_at: at,
        password_changed_at: at,
        email_verified_at: at,
      });
      if (!user) return null;
      await insertLinked(tx, { userId: user.id, provider, claims, at });
      await audit.record(tx, { event: 'sign_up', subject: { userId: user.id }, ip });
      await audit.record(tx, { event: 'identity_linked', subject: { userId: user.id }, ip });
      return user;
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) return null;
      throw error;
    });
}

async function insertLinked(
  tx: DbOrTx,
  {
    userId,
    provider,
    claims,
    at,
    usedNow = true,
  }: { userId: number; provider: ProviderSettings; claims: ProviderClaims; at: string; usedNow?: boolean },
): Promise<void> {
  const identity = await insertIdentity(tx, {
    user_id: userId,
    provider: provider.id,
    subject: claims.subject,
    email: claims.email,
    created_at: at,
    // Connected from the account page: it has not signed in yet.
    last_used_at: usedNow ? at : null,
  });
  // Another request linked this identity a moment ago: this one changes nothing.
  if (!identity) throw new IdentityTaken();
}

class IdentityTaken extends Error {}

/** Links the identity to an account and tells the account by mail and push; false when it was taken meanwhile. */
async function link(
  ctx: IdentitiesContext,
  {
    provider,
    claims,
    user,
    at,
    ip,
    usedNow = true,
  }: Checked & { user: Account; at: string; usedNow?: boolean },
): Promise<boolean> {
  const { db, audit, mailer, config, events } = ctx;
  try {
    await db.transaction().execute(async (tx) => {
      await insertLinked(tx, { userId: user.id, provider, claims, at, usedNow });
      await audit.record(tx, { event: 'identity_linked', subject: { userId: user.id }, ip });
    });
  } catch (error) {
    if (error instanceof IdentityTaken || isUniqueViolation(error)) return false;
    throw error;
  }
  mailer.dispatch(
    identityLinkedMail(config, { to: user.email, providerName: provider.name, providerEmail: claims.email }),
  );
  await events.securityChanged(user.id);
  return true;
}

/**
 * An account nobody ever confirmed, taken back by the owner of its mailbox (DESIGN 14): its password goes,
 * everything a recovery ends ends (every session, pending QR tokens, passkeys, device cookies …), the address
 * counts as verified, and the identity is linked. False when it was verified or linked meanwhile.
 */
async function takeBack(
  ctx: IdentitiesContext,
  { provider, claims, user, at, ip }: Checked & { user: Account; at: string },
): Promise<boolean> {
  const { db, audit, mailer, config, events, recovery } = ctx;
  let recovered: Awaited<ReturnType<typeof recovery.endWhatIntrudersLeft>>;
  try {
    recovered = await db.transaction().execute(async (tx) => {
      // A mailbox proved by its provider counts as a used reset link does: the same things end, and as the
      // address is confirmed for the first time, what was set up before it too (DESIGN 7).
      const ended = await recovery.endWhatIntrudersLeft(tx, { userId: user.id, reason: 'password_reset' });
      // Confirmed meanwhile by someone else's step: not an unconfirmed account any more.
      if (!ended.firstVerification) throw new IdentityTaken();
      await removePassword(tx, { userId: user.id, at });
      await insertLinked(tx, { userId: user.id, provider, claims, at });
      await audit.record(tx, { event: 'email_verified', subject: { userId: user.id }, ip });
      await audit.record(tx, { event: 'account_taken_back', subject: { userId: user.id }, ip });
      await audit.record(tx, { event: 'identity_linked', subject: { userId: user.id }, ip });
      return ended;
    });
  } catch (error) {
    if (error instanceof IdentityTaken || isUniqueViolation(error)) return false;
    throw error;
  }
  await events.signedOut(
    recovered.revoked.filter((session) => !session.pending).map((session) => session.id),
    'password_changed',
  );
  await recovered.announce();
  mailer.dispatch(
    accountTakenBackMail(config, {
      to: user.email,
      providerName: provider.name,
      notices: recovered.notices,
    }),
  );
  await events.securityChanged(user.id);
  return true;
}

/**
 * The callback of `intent=link`: the identity joins the account of the link token (never another), and the
 * page goes back to the security settings; `oidc_identity_taken` when it is another account's.
 */
export async function linkIdentity(ctx: IdentitiesContext, checked: Checked): Promise<FlowRedirect> {
  const { db, now } = ctx;
  const { provider, flow, claims } = checked;
  const page = flow.return_to.startsWith(SECURITY_PAGE) ? flow.return_to.split(/[?#]/)[0]! : SECURITY_PAGE;
  const fail = (code: string) => errorRedirect(page, code, provider.id);
  const user = flow.user_id === null ? null : await findUserById(db, flow.user_id);
  if (!user) return fail('oidc_link_expired');
  const done = { location: `${page}?connected=${encodeURIComponent(provider.id)}` };
  const known = await findIdentity(db, { provider: provider.id, subject: claims.subject });
  if (known) return known.user_id === user.id ? done : fail('oidc_identity_taken');
  const linked = await link(ctx, { ...checked, user, at: now().toISOString(), usedNow: false });
  return linked ? done : fail('oidc_identity_taken');
}
