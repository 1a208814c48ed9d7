import type { z } from 'zod';
import type { authenticationResponseSchema } from '../../contract/passkeys.js';
import type { AppContext } from '../app-context.js';
import type { Caller } from '../http/caller.js';
import { invalidPasskey } from '../http/errors.js';
import { signInTransaction, startSignedInSession } from '../sessions/sign-in-session.js';
import type { Account } from '../users/account.js';
import { findUserById } from '../users/users.repository.js';
import { rememberChallenge, spendChallenge } from './challenges.js';
import { findPasskeyByCredentialId, recordPasskeyUse, type StoredPasskey } from './passkeys.repository.js';
import { CHALLENGE_TTL_MS, relyingParty } from './relying-party.js';

// @simplewebauthn/server is loaded at the first passkey call, not at every start (decision 161).
const webAuthn = () => import('@simplewebauthn/server');
const helpers = () => import('@simplewebauthn/server/helpers');

export type AuthenticationResponse = z.output<typeof authenticationResponseSchema>;

/** Options for navigator.credentials.get(): no account named, the authenticator offers its passkeys. */
export async function authenticationOptions({ db, config }: AppContext) {
  const { generateAuthenticationOptions } = await webAuthn();
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(config).id,
    userVerification: 'preferred',
    timeout: CHALLENGE_TTL_MS,
  });
  await rememberChallenge(db, options.challenge, { purpose: 'authentication', userId: null });
  return options;
}

/** The new counter when the signature, challenge, origin, relying party and counter all hold; else null. */
async function verifiedCounter(
  config: AppContext['config'],
  {
    response,
    passkey,
    expectedChallenge,
  }: {
    response: AuthenticationResponse;
    passkey: StoredPasskey;
    expectedChallenge: string;
  },
): Promise<number | null> {
  const rp = relyingParty(config);
  const [{ verifyAuthenticationResponse }, { isoBase64URL }] = await Promise.all([webAuthn(), helpers()]);
  const verification = await verifyAuthenticationResponse({
    response,
    expectedChallenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    credential: {
      id: passkey.credential_id,
      publicKey: isoBase64URL.toBuffer(passkey.public_key),
      // A counter that does not move past the stored one is refused here, unless both are 0 (synced passkeys).
      counter: passkey.sign_count,
    },
    requireUserVerification: false,
  }).catch(() => null);
  return verification?.verified ? verification.authenticationInfo.newCounter : null;
}

/**
 * Discoverable sign-in: the credential names the account. A passkey is something the user has and (with
 * user verification) is or knows, so it counts as both factors: a new session, no further step.
 */
export async function signInWithPasskey(
  { db, config, audit, events }: AppContext,
  { response, caller }: { response: AuthenticationResponse; caller: Caller },
): Promise<{ user: Account; token: string }> {
  const expectedChallenge = await spendChallenge(db, response.response.clientDataJSON, {
    purpose: 'authentication',
    userId: null,
    status: 401,
  });
  const passkey = await findPasskeyByCredentialId(db, response.id);
  if (!passkey) throw invalidPasskey(401);
  const newCounter = await verifiedCounter(config, { response, passkey, expectedChallenge });
  if (newCounter === null) {
    await audit.record(db, { event: 'sign_in_failed', subject: { userId: passkey.user_id }, ip: caller.ip });
    throw invalidPasskey(401);
  }
  const refused = () => invalidPasskey(401);
  const signedIn = await signInTransaction(db, refused, async (tx) => {
    const used = await recordPasskeyUse(tx, {
      id: passkey.id,
      previousCount: passkey.sign_count,
      newCount: newCounter,
      at: new Date().toISOString(),
    });
    const row = used ? await findUserById(tx, passkey.user_id) : null;
    if (!row) throw refused();
    const token = await startSignedInSession(tx, audit, { userId: row.id, kind: 'passkey', caller });
    return { user: row, token };
  });
  await events.sessionCreated(signedIn.user.id, 'passkey');
  return signedIn;
}

/**
 * A fresh proof of a signed-in account (POST /api/v1/reauthenticate): an assertion to the sign-in options by
 * one of this account's own passkeys. Its counter moves as a sign-in's would; no session starts.
 */
export async function isPasskeyOf(
  { db, config }: AppContext,
  { response, userId }: { response: AuthenticationResponse; userId: number },
): Promise<boolean> {
  const expectedChallenge = await spendChallenge(db, response.response.clientDataJSON, {
    purpose: 'authentication',
    userId: null,
    status: 401,
  });
  const passkey = await findPasskeyByCredentialId(db, response.id);
  if (passkey?.user_id !== userId) return false;
  const newCounter = await verifiedCounter(config, { response, passkey, expectedChallenge });
  if (newCounter === null) return false;
  return recordPasskeyUse(db, {
    id: passkey.id,
    previousCount: passkey.sign_count,
    newCount: newCounter,
    at: new Date().toISOString(),
  });
}
