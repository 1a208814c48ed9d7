import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { PasskeyJson, registrationResponseSchema } from '../../contract/passkeys.js';
import type { AppContext } from '../app-context.js';
import type { Caller } from '../http/caller.js';
import { isUniqueViolation } from '../db/errors.js';
import { deviceLabel, UNKNOWN_DEVICE } from '../sessions/device-label.js';
import { invalidPasskey, invalidPasskeyName, passkeyNotFound } from '../http/errors.js';
import type { Account } from '../users/account.js';
import { rememberChallenge, spendChallenge } from './challenges.js';
import { passkeyAddedMail, passkeyRemovedMail } from './passkey-mails.js';
import {
  deletePasskey,
  findPasskeyByCredentialId,
  insertPasskey,
  listPasskeys,
  renamePasskey,
  type StoredPasskey,
} from './passkeys.repository.js';
import { CHALLENGE_TTL_MS, relyingParty } from './relying-party.js';

// @simplewebauthn/server is loaded at the first passkey call, not at every start (decision 161).
const webAuthn = () => import('@simplewebauthn/server');
const helpers = () => import('@simplewebauthn/server/helpers');

/** The name of a new passkey from a browser whose User-Agent says nothing a person would recognise. */
export const DEFAULT_PASSKEY_NAME = 'Passkey';
const NAME_LENGTH = { min: 1, max: 64 };

type RegistrationResponse = z.output<typeof registrationResponseSchema>;

const toJson = ({ id, name, created_at, last_used_at }: StoredPasskey): PasskeyJson => ({
  id,
  name,
  created_at,
  last_used_at,
});

/**
 * Control characters (line breaks, tabs, escapes), line and paragraph separators and the invisible marks that
 * turn text around: a name is quoted in mails and shown on pages, where these would forge lines or reorder it.
 */
const CONTROL_CHARACTERS = /[\p{Cc}\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]+/gu;

/** The name as kept: control characters become a space, and the ends are trimmed. */
export function cleanPasskeyName(name: string): string {
  return name.replace(CONTROL_CHARACTERS, ' ').trim();
}

/**
 * A passkey given no name is named after the browser that made it, as the Devices list names that browser
 * ("Chrome on Linux"), until renamed (decision 170): a list of "Passkey", "Passkey" told nobody which is which.
 */
function nameOfDevice(userAgent: string | null): string {
  const label = deviceLabel(userAgent);
  return label === UNKNOWN_DEVICE ? DEFAULT_PASSKEY_NAME : label;
}

function checkedName(name: string): string {
  const trimmed = cleanPasskeyName(name);
  if (trimmed.length < NAME_LENGTH.min || trimmed.length > NAME_LENGTH.max) throw invalidPasskeyName();
  return trimmed;
}

/** Options for the browser's navigator.credentials.create(): a discoverable credential for this account. */
export async function registrationOptions({ db, config }: AppContext, user: Account) {
  const rp = relyingParty(config);
  const existing = await listPasskeys(db, user.id);
  const { generateRegistrationOptions } = await webAuthn();
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: user.email,
    timeout: CHALLENGE_TTL_MS,
    attestationType: 'none',
    // The same authenticator twice would only be a second name for one key.
    excludeCredentials: existing.map((passkey) => ({
      id: passkey.credential_id,
      transports: JSON.parse(passkey.transports) as string[],
    })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  await rememberChallenge(db, options.challenge, { purpose: 'registration', userId: user.id });
  return options;
}

/** Verifies the browser's registration response against the challenge this account was given, and keeps the key. */
export async function addPasskey(
  { db, config, mailer, audit, events }: AppContext,
  {
    user,
    name,
    response,
    caller,
  }: { user: Account; name?: string; response: RegistrationResponse; caller: Caller },
): Promise<PasskeyJson> {
  const passkeyName = name === undefined ? nameOfDevice(caller.userAgent) : checkedName(name);
  const expectedChallenge = await spendChallenge(db, response.response.clientDataJSON, {
    purpose: 'registration',
    userId: user.id,
    status: 400,
  });
  const rp = relyingParty(config);
  const [{ verifyRegistrationResponse }, { isoBase64URL }] = await Promise.all([webAuthn(), helpers()]);
  const verification = await verifyRegistrationResponse({
    response,
    expectedChallenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: false,
  }).catch(() => null);
  if (!verification?.verified) throw invalidPasskey(400);
  const { credential } = verification.registrationInfo;
  if (await findPasskeyByCredentialId(db, credential.id)) throw invalidPasskey(400);
  const stored = await db
    .transaction()
    .execute(async (tx) => {
      const inserted = await insertPasskey(tx, {
        id: randomBytes(12).toString('base64url'),
        user_id: user.id,
        credential_id: credential.id,
        public_key: isoBase64URL.fromBuffer(credential.publicKey),
        sign_count: credential.counter,
        transports: JSON.stringify(credential.transports ?? []),
        name: passkeyName,
        created_at: new Date().toISOString(),
        last_used_at: null,
      });
      await audit.record(tx, { event: 'passkey_added', subject: { userId: user.id }, ip: caller.ip });
      return inserted;
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? invalidPasskey(400) : error;
    });
  mailer.dispatch(passkeyAddedMail(config, { to: user.email, name: stored.name }));
  await events.securityChanged(user.id);
  return toJson(stored);
}

export async function passkeysOf({ db }: AppContext, user: Account): Promise<PasskeyJson[]> {
  return (await listPasskeys(db, user.id)).map(toJson);
}

export async function renameUserPasskey(
  { db }: AppContext,
  { user, id, name }: { user: Account; id: string; name: string },
): Promise<PasskeyJson> {
  const renamed = await renamePasskey(db, { userId: user.id, id, name: checkedName(name) });
  if (!renamed) throw passkeyNotFound();
  return toJson(renamed);
}

export async function removePasskey(
  { db, config, mailer, audit, events }: AppContext,
  { user, id, caller }: { user: Account; id: string; caller: Caller },
): Promise<void> {
  const removed = await db.transaction().execute(async (tx) => {
    const passkey = (await listPasskeys(tx, user.id)).find((candidate) => candidate.id === id);
    if (!passkey || !(await deletePasskey(tx, { userId: user.id, id }))) return null;
    await audit.record(tx, { event: 'passkey_removed', subject: { userId: user.id }, ip: caller.ip });
    return passkey;
  });
  if (!removed) throw passkeyNotFound();
  mailer.dispatch(passkeyRemovedMail(config, { to: user.email, name: removed.name }));
  await events.securityChanged(user.id);
}
