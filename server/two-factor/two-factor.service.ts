import type { RecoveryCodesReply, TwoFactorSetupReply, TwoFactorStatus } from '../../contract/two-factor.js';
import type { AppContext } from '../app-context.js';
import type { DbOrTx } from '../db/database.js';
import type { Caller } from '../http/caller.js';
import {
  invalidCode,
  twoFactorAlreadyEnabled,
  twoFactorNotEnabled,
  twoFactorNotSetUp,
  wrongConfirmPassword,
} from '../http/errors.js';
import type { Account } from '../users/account.js';
import { isPasswordOf } from '../users/credentials.js';
import { deleteChallengesOf } from './challenges.repository.js';
import { qrCodeDataUrl } from './qr-code.js';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes.js';
import type { SecretBox } from './secret-box.js';
import { matchingStep, newTotpSecret, otpauthUrl } from './totp.js';
import {
  recoveryCodesReplacedMail,
  twoFactorDisabledMail,
  twoFactorEnabledMail,
} from './two-factor-mails.js';
import {
  countUnusedRecoveryCodes,
  deleteRecoveryCodes,
  deleteTwoFactor,
  findTwoFactor,
  replaceRecoveryCodes,
  savePendingSetup,
  takeStep,
} from './two-factor.repository.js';

/** What the services of this feature need: the app's context and the box TOTP secrets are kept in. */
export interface TwoFactorContext extends AppContext {
  box: SecretBox;
}

interface PasswordConfirmed {
  user: Account;
  /** The password to check; null when the route proved the owner with a mailed code (DESIGN 13). */
  password: string | null;
  caller: Caller;
}

async function confirmPassword(context: AppContext, user: Account, password: string | null): Promise<void> {
  if (password === null) return;
  if (!(await isPasswordOf(context, user, password))) throw wrongConfirmPassword();
}

export async function isTwoFactorOn({ db }: AppContext, userId: number): Promise<boolean> {
  const row = await findTwoFactor(db, userId);
  return row !== null && row.enabled_at !== null;
}

export async function twoFactorStatus(context: AppContext, user: Account): Promise<TwoFactorStatus> {
  const enabled = await isTwoFactorOn(context, user.id);
  return { enabled, recovery_codes_left: enabled ? await countUnusedRecoveryCodes(context.db, user.id) : 0 };
}

/** A new secret, pending until a code from it turns two-step sign-in on; a second set-up replaces the first. */
export async function setUpTwoFactor(
  context: TwoFactorContext,
  { user }: { user: Account },
): Promise<TwoFactorSetupReply> {
  // The route's fresh-authentication guard has checked the password.
  if (await isTwoFactorOn(context, user.id)) throw twoFactorAlreadyEnabled();
  const secret = newTotpSecret();
  const saved = await savePendingSetup(context.db, {
    userId: user.id,
    secretBox: context.box.seal(secret, user.id),
    at: new Date().toISOString(),
  });
  // Turned on by another page between the check and the save.
  if (!saved) throw twoFactorAlreadyEnabled();
  const url = otpauthUrl({ secret, appName: context.config.appName, email: user.email });
  return { secret, otpauth_url: url, qr_code: await qrCodeDataUrl(url) };
}

/** A code from the pending secret turns it on and makes the ten recovery codes, shown this once. */
export async function enableTwoFactor(
  context: TwoFactorContext,
  { user, code, caller }: { user: Account; code: string; caller: Caller },
): Promise<RecoveryCodesReply> {
  const { db, config, mailer, audit, events, box } = context;
  const row = await findTwoFactor(db, user.id);
  if (!row) throw twoFactorNotSetUp();
  if (row.enabled_at !== null) throw twoFactorAlreadyEnabled();
  const step = matchingStep(box.open(row.secret_box, user.id), code.trim());
  if (step === null) throw invalidCode(422);
  const codes = newRecoveryCodes();
  const at = new Date().toISOString();
  const enabled = await db.transaction().execute(async (tx) => {
    if (!(await takeStep(tx, { userId: user.id, step, enabling: { at, secretBox: row.secret_box } })))
      return false;
    await replaceRecoveryCodes(tx, { userId: user.id, codeHashes: codes.map(hashRecoveryCode), at });
    await audit.record(tx, { event: 'two_factor_enabled', subject: { userId: user.id }, ip: caller.ip });
    return true;
  });
  // Another page turned it on (or set it up anew) meanwhile.
  if (!enabled) throw invalidCode(422);
  mailer.dispatch(twoFactorEnabledMail(config, { to: user.email }));
  await events.securityChanged(user.id);
  return { recovery_codes: codes };
}

/**
 * Off: the secret, the recovery codes and any code step under way go; the password alone signs in again.
 * `record` writes the audit event inside the same transaction. False when it was not on (off already, or
 * only a set-up never confirmed: nothing a person would call a change). Open pages hear security_changed.
 */
export async function turnOffTwoFactor(
  { db, events }: AppContext,
  { user, record }: { user: Account; record: (tx: DbOrTx) => Promise<void> },
): Promise<boolean> {
  const wasOn = await db.transaction().execute(async (tx) => {
    const row = await findTwoFactor(tx, user.id);
    if (!row) return false;
    await deleteTwoFactor(tx, user.id);
    await deleteRecoveryCodes(tx, user.id);
    await deleteChallengesOf(tx, user.id);
    if (row.enabled_at === null) return false;
    await record(tx);
    return true;
  });
  if (wasOn) await events.securityChanged(user.id);
  return wasOn;
}

/** The owner turns it off with their password. */
export async function disableTwoFactor(
  context: AppContext,
  { user, password, caller }: PasswordConfirmed,
): Promise<void> {
  const { config, mailer, audit } = context;
  await confirmPassword(context, user, password);
  const record = (tx: DbOrTx) =>
    audit.record(tx, { event: 'two_factor_disabled', subject: { userId: user.id }, ip: caller.ip });
  if (await turnOffTwoFactor(context, { user, record }))
    mailer.dispatch(twoFactorDisabledMail(config, { to: user.email }));
}

/** Ten new recovery codes; the earlier ones, used or not, stop working. */
export async function replaceUserRecoveryCodes(
  context: AppContext,
  { user, password, caller }: PasswordConfirmed,
): Promise<RecoveryCodesReply> {
  const { db, config, mailer, audit, events } = context;
  await confirmPassword(context, user, password);
  const codes = newRecoveryCodes();
  const replaced = await db.transaction().execute(async (tx) => {
    const row = await findTwoFactor(tx, user.id);
    if (row?.enabled_at == null) return false;
    const at = new Date().toISOString();
    await replaceRecoveryCodes(tx, { userId: user.id, codeHashes: codes.map(hashRecoveryCode), at });
    await audit.record(tx, { event: 'recovery_codes_replaced', subject: { userId: user.id }, ip: caller.ip });
    return true;
  });
  if (!replaced) throw twoFactorNotEnabled();
  mailer.dispatch(recoveryCodesReplacedMail(config, { to: user.email }));
  await events.securityChanged(user.id);
  return { recovery_codes: codes };
}
