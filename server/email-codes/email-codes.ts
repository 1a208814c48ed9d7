import { randomInt } from 'node:crypto';
import {
  EMAIL_CODE_DIGITS,
  EMAIL_CODE_MINUTES,
  VERIFY_LINK_HOURS,
  type EmailCodePurpose,
} from '../../contract/email-codes.js';
import type { DbOrTx } from '../db/database.js';
import { generateToken, hashToken, looksLikeToken, sameHash } from '../sessions/session-token.js';
import {
  claimCode,
  countWrongTry,
  findLinkRow,
  liveCodeOf,
  replaceCode,
  type EmailCodeRow,
} from './email-codes.repository.js';

const MINUTE = 60_000;
const CODE_SHAPE = new RegExp(`^\\d{${EMAIL_CODE_DIGITS}}$`);

/** A code as typed: spaces and dashes a person adds ("123 456") are not part of it. */
export const normaliseCode = (typed: string) => typed.replace(/[\s-]/g, '');

/** A code from the operating system's random source, every one of the million equally likely. */
export const newCode = () => String(randomInt(0, 10 ** EMAIL_CODE_DIGITS)).padStart(EMAIL_CODE_DIGITS, '0');

/** What the database keeps of a code: its SHA-256, as of every token (the code itself is only in the mail). */
export const hashCode = (code: string) => hashToken(`email-code:${code}`);

/** Compared against when the account has no live code, so an unknown address costs the same work. */
const NO_CODE = hashCode('no code');

/** When a code of this row stops working: a verify row lives 24 hours for its link, its code 15 minutes. */
const codeDeadline = (row: Pick<EmailCodeRow, 'created_at' | 'purpose'>) =>
  Date.parse(row.created_at) + EMAIL_CODE_MINUTES[row.purpose] * MINUTE;

export interface IssuedCode {
  code: string;
  /** The verify link's token (`verify` only), else null. */
  token: string | null;
  minutes: number;
}

/**
 * A new code of this purpose for the account, voiding its older ones (DESIGN 13). Only the SHA-256 of the
 * code, and of the link's token for `verify`, is stored: the mail is the one place they are written.
 */
export async function issueEmailCode(
  db: DbOrTx,
  { userId, purpose, now = new Date() }: { userId: number; purpose: EmailCodePurpose; now?: Date },
): Promise<IssuedCode> {
  const code = newCode();
  const token = purpose === 'verify' ? generateToken() : null;
  const lives = purpose === 'verify' ? VERIFY_LINK_HOURS * 60 * MINUTE : EMAIL_CODE_MINUTES[purpose] * MINUTE;
  await replaceCode(db, {
    user_id: userId,
    purpose,
    code_hash: hashCode(code),
    token_hash: token === null ? null : hashToken(token),
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + lives).toISOString(),
    used_at: null,
  });
  return { code, token, minutes: EMAIL_CODE_MINUTES[purpose] };
}

/**
 * Uses the account's code of this purpose when `typed` is it: unused, within its minutes, within its tries.
 * The hashes are compared in constant time; a wrong code spends one of its 5 tries (the fifth ends it).
 * Of requests racing with the right code, exactly one gets true. An account without a live code (unknown
 * address: pass null) does the same work and gets false.
 */
export async function useEmailCode(
  db: DbOrTx,
  {
    userId,
    purpose,
    typed,
    now = new Date(),
  }: { userId: number | null; purpose: EmailCodePurpose; typed: string; now?: Date },
): Promise<boolean> {
  const code = normaliseCode(typed);
  const row = userId === null ? null : await liveCodeOf(db, { userId, purpose, now: now.toISOString() });
  const live = row !== null && now.getTime() < codeDeadline(row);
  const matches = sameHash(hashCode(code), live ? row.code_hash : NO_CODE) && CODE_SHAPE.test(code);
  if (!row || !live) return false;
  if (!matches) {
    await countWrongTry(db, row.id);
    return false;
  }
  return claimCode(db, { id: row.id, at: now.toISOString() });
}

/** Uses the verify link's token: the account it confirms, once, within 24 hours; null otherwise. */
export async function useVerifyLink(
  db: DbOrTx,
  { token, now = new Date() }: { token: string; now?: Date },
): Promise<number | null> {
  if (!looksLikeToken(token)) return null;
  const row = await findLinkRow(db, { tokenHash: hashToken(token), now: now.toISOString() });
  if (!row || row.purpose !== 'verify') return null;
  return (await claimCode(db, { id: row.id, at: now.toISOString(), byLink: true })) ? row.user_id : null;
}
