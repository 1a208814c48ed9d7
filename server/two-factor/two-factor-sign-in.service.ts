import { SECOND_FACTOR_METHODS, type TwoFactorRequired } from '../../contract/two-factor.js';
import type { Caller } from '../http/caller.js';
import { isForeignKeyViolation } from '../db/errors.js';
import { invalidCode, invalidCredentials, signInStepExpired } from '../http/errors.js';
import { signInTransaction, startSessionIfPasswordUnchanged } from '../sessions/sign-in-session.js';
import { generateToken, hashToken, looksLikeToken } from '../sessions/session-token.js';
import type { FirstFactor } from '../sign-in/sign-in-methods.js';
import type { Account } from '../users/account.js';
import { countSecondStep } from '../users/credentials.js';
import { findUserById } from '../users/users.repository.js';
import { countTry, deleteChallenge, insertChallenge } from './challenges.repository.js';
import { hashRecoveryCode, looksLikeRecoveryCode, normaliseRecoveryCode } from './recovery-codes.js';
import { CODE_SHAPE, matchingStep } from './totp.js';
import { recoveryCodeUsedMail } from './two-factor-mails.js';
import {
  countUnusedRecoveryCodes,
  findTwoFactor,
  spendRecoveryCode,
  takeStep,
} from './two-factor.repository.js';
import type { TwoFactorContext } from './two-factor.service.js';

export const CHALLENGE_TTL_MS = 5 * 60_000;
export const CHALLENGE_TRIES = 5;

/**
 * After the right password: for an account with two-step sign-in on, the code step's challenge (no session
 * yet); null when the password is enough. The challenge remembers which password was checked.
 */
export async function challengeFor(
  { db }: TwoFactorContext,
  user: Account,
  firstFactor: FirstFactor,
): Promise<TwoFactorRequired | null> {
  const row = await findTwoFactor(db, user.id);
  if (row?.enabled_at == null) return null;
  const token = generateToken();
  await insertChallenge(db, {
    token_hash: hashToken(token),
    user_id: user.id,
    password_changed_at: user.password_changed_at,
    first_factor: firstFactor,
    tries: 0,
    expires_at: new Date(Date.now() + CHALLENGE_TTL_MS).toISOString(),
  }).catch((error: unknown) => {
    // PostgreSQL: the account was deleted since its password was checked.
    throw isForeignKeyViolation(error) ? invalidCredentials() : error;
  });
  return { two_factor_required: true, challenge: token, methods: [...SECOND_FACTOR_METHODS] };
}

export interface CodeSignIn {
  challenge: string;
  code: string;
  caller: Caller;
  /** The per-account rate limit of sign-in, checked once the challenge names the account. */
  throttle: (email: string) => Promise<void>;
}

type Proof = { kind: 'totp'; step: number | null } | { kind: 'recovery_code'; hash: string | null };

function proofOf(code: string, secret: () => string): Proof {
  const trimmed = code.trim();
  if (CODE_SHAPE.test(trimmed)) return { kind: 'totp', step: matchingStep(secret(), trimmed) };
  const normalised = normaliseRecoveryCode(trimmed);
  return {
    kind: 'recovery_code',
    hash: looksLikeRecoveryCode(normalised) ? hashRecoveryCode(normalised) : null,
  };
}

/**
 * The code step: each try counts before the code is looked at; a right authenticator code of a step not
 * used before, or an unused recovery code, ends the challenge and starts a session. A wrong code leaves the
 * challenge its remaining tries; the fifth wrong one, like expiry, sends the person back to the password.
 */
export async function signInWithCode(
  context: TwoFactorContext,
  { challenge, code, caller, throttle }: CodeSignIn,
): Promise<{ user: Account; token: string }> {
  const { db, audit, events, box, mailer, config } = context;
  if (!looksLikeToken(challenge)) throw signInStepExpired();
  const tokenHash = hashToken(challenge);
  const counted = await countTry(db, { tokenHash, maxTries: CHALLENGE_TRIES, now: new Date().toISOString() });
  const user = counted ? await findUserById(db, counted.user_id) : null;
  if (!counted || !user) throw signInStepExpired();
  await throttle(user.email);
  const setting = await findTwoFactor(db, user.id);
  // Turned off since the password step: that step no longer leads anywhere.
  if (setting?.enabled_at == null) throw signInStepExpired();
  // Counted against the account before the code is looked at, as a password is (DESIGN 7).
  const settle = await countSecondStep(context, user);
  const proof = proofOf(code, () => box.open(setting.secret_box, user.id));
  const at = new Date().toISOString();
  const token = await signInTransaction(db, signInStepExpired, async (tx) => {
    const passed =
      proof.kind === 'totp'
        ? proof.step !== null && (await takeStep(tx, { userId: user.id, step: proof.step }))
        : proof.hash !== null && (await spendRecoveryCode(tx, { userId: user.id, codeHash: proof.hash, at }));
    if (!passed) return null;
    // Single use: of two requests with right codes, one signs in.
    if (!(await deleteChallenge(tx, tokenHash))) throw signInStepExpired();
    return startSessionIfPasswordUnchanged(tx, audit, {
      userId: user.id,
      passwordChangedAt: counted.password_changed_at,
      caller,
      refused: signInStepExpired,
      kind: counted.first_factor,
      // The password (or a mailed code) and a code: a session of two factors (DESIGN 16's support console
      // asks for one).
      factors: 2,
    });
  });
  await settle(token !== null);
  if (token === null) {
    await audit.record(db, { event: 'sign_in_failed', subject: { userId: user.id }, ip: caller.ip });
    if (counted.tries >= CHALLENGE_TRIES) {
      await deleteChallenge(db, tokenHash);
      throw signInStepExpired();
    }
    throw invalidCode(401);
  }
  await events.sessionCreated(user.id, counted.first_factor);
  if (proof.kind === 'recovery_code') {
    const left = await countUnusedRecoveryCodes(db, user.id);
    mailer.dispatch(recoveryCodeUsedMail(config, { to: user.email, left }));
  }
  return { user, token };
}
