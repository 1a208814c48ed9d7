import type { Transaction } from 'kysely';
import type { TwoFactorRequired } from '../../contract/two-factor.js';
import type { User } from '../../contract/users.js';
import { invalidCredentials, invalidToken } from '../http/errors.js';
import { revokeSession, signInWithToken, type Authenticated } from '../sessions/sessions.service.js';
import { deletePendingSessionsOfUser } from '../sessions/sessions.repository.js';
import { signInTransaction, startSessionIfPasswordUnchanged } from '../sessions/sign-in-session.js';
import type { AppContext } from '../app-context.js';
import type { Caller } from '../http/caller.js';
import type { Database } from '../db/schema.js';
import type { SignInMethods } from '../sign-in/sign-in-methods.js';
import { checkCredentialsHoldingCount } from '../users/credentials.js';
import type { Account } from '../users/account.js';
import { toUserJson } from '../users/user-json.js';

/**
 * E-mail and password: a new session, or, when a second step asks for more (two-step sign-in is on), its
 * challenge and no session yet. Unknown e-mail and wrong password get the same reply in the same time.
 * `alsoWrite` adds the caller's own write to the session's transaction (the browser's device cookie), so a
 * sign-in commits once.
 */
export async function signInWithPassword(
  context: AppContext,
  {
    email,
    password,
    caller,
    secondSteps,
    alsoWrite,
  }: {
    email: string;
    password: string;
    caller: Caller;
    secondSteps: Pick<SignInMethods, 'secondStepFor'>;
    alsoWrite?: (tx: Transaction<Database>, userId: number) => Promise<void>;
  },
): Promise<User | TwoFactorRequired> {
  const { db, audit, events } = context;
  const held = await checkCredentialsHoldingCount(context, {
    email,
    password,
    ip: caller.ip,
    failedEvent: 'sign_in_failed',
    rehash: true,
  });
  if (!held) throw invalidCredentials();
  const user = held.account;
  const challenge = await secondSteps.secondStepFor(user, 'password');
  if (challenge) return challenge;
  await held.clearFailures();
  // The password was checked outside the transaction (it is slow); if the account was deleted or its
  // password changed meanwhile, these credentials no longer hold (docs/decisions/075).
  const token = await signInTransaction(db, invalidCredentials, async (tx) => {
    const started = await startSessionIfPasswordUnchanged(tx, audit, {
      userId: user.id,
      passwordChangedAt: user.password_changed_at,
      caller,
      refused: invalidCredentials,
    });
    await alsoWrite?.(tx, user.id);
    return started;
  });
  await events.sessionCreated(user.id, 'password');
  return toUserJson(user, token);
}

/**
 * A stored token: the same token back. A pending token (a QR code's, or a provider sign-in's) is exchanged,
 * once, for a new session token; a provider's asks the account's second step first (DESIGN 14).
 * `qrOnly` (the `/login#auth_token=…` link) refuses anything but a pending token, so a link cannot
 * plant somebody else's session in a browser.
 */
export async function signInWithStoredToken(
  { db, audit, events }: AppContext,
  {
    token,
    qrOnly,
    caller,
    secondSteps,
  }: {
    token: string;
    qrOnly: boolean;
    caller: Caller;
    secondSteps?: Pick<SignInMethods, 'secondStepFor'>;
  },
): Promise<User | TwoFactorRequired> {
  const found = await signInWithToken(db, token, {
    userAgent: caller.userAgent,
    qrOnly,
    secondStepFor:
      secondSteps && ((user: Account, firstFactor: 'oidc') => secondSteps.secondStepFor(user, firstFactor)),
  });
  if (!found) throw invalidToken();
  if ('secondStep' in found) return found.secondStep;
  if (!found.redeemed) return toUserJson(found.user, found.token);
  // A new device has just signed in with a QR code or a provider; re-presenting an active token is no new sign-in.
  await audit.record(db, { event: 'sign_in', subject: { userId: found.user.id }, ip: caller.ip });
  await events.sessionCreated(found.user.id, found.session.kind);
  return toUserJson(found.user, found.token);
}

export async function signOut({ db, events }: AppContext, { user, session }: Authenticated): Promise<void> {
  await revokeSession(db, session.id);
  // A QR code shown on this page must not outlive it (one waiting elsewhere ends too: it lives 5 minutes).
  await deletePendingSessionsOfUser(db, user.id);
  // The user's other pages take the device off their Devices list.
  await events.sessionsRevoked(user.id, [session], 'logout');
}
