import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * The 49,000-word common-password list that zxcvbn-ts ships (lower-cased, from leaked-password corpora),
 * loaded once. See docs/decisions/010-password-rules.md.
 */
const commonPasswords: ReadonlySet<string> = new Set(dictionary['passwords-common']);

export const COMMON_PASSWORD_COUNT = commonPasswords.size;

/** The list is lower-case, so "Password1" and "PASSWORD1" count as common as well. */
export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.toLowerCase());
}
