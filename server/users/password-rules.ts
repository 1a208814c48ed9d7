import { weakPassword } from '../http/errors.js';
import { DEFAULT_APP_NAME } from '../../contract/app.js';
import {
  isCommonPassword,
  isKeyboardOrRepeatPattern,
  isMadeOf,
  isOneCharacterRepeated,
} from './common-passwords.js';

import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../../contract/password-limits.js';

export { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH };

export const WEAK_PASSWORD_MESSAGES = {
  tooShort: `Your password must be at least ${MIN_PASSWORD_LENGTH} characters long.`,
  tooLong: `Your password must be at most ${MAX_PASSWORD_LENGTH} characters long.`,
  common: 'This password is too common and easy to guess. Please choose another one.',
  sameAsEmail: 'Your password must not be made of your e-mail address or the name before its @.',
  sameAsAppName: 'Your password must not be made of the name of this app.',
  repeated: 'Your password must not be one character repeated.',
  pattern:
    'Your password must not be a run of keys, letters or digits (like abcdefgh or 87654321), or a short piece repeated (like 12121212).',
} as const;

/** Who the password is for: its words must not make up the password. */
export interface PasswordOwner {
  email: string;
  appName: string;
}

/**
 * DESIGN section 7: 8 to 128 characters of any kind, no composition rules; not one character repeated,
 * not made of the e-mail, its local part, the app's name or the product's default name (repeated, or with
 * only digits and symbols added), not a common password, not a keyboard or repeat pattern. Returns the sentence that explains the first rule broken, or null.
 */
export function passwordProblem(password: string, { email, appName }: PasswordOwner): string | null {
  // Characters as a person counts them (code points), so an emoji is one character, not two.
  const length = [...password].length;
  if (length < MIN_PASSWORD_LENGTH) return WEAK_PASSWORD_MESSAGES.tooShort;
  if (length > MAX_PASSWORD_LENGTH) return WEAK_PASSWORD_MESSAGES.tooLong;
  if (isOneCharacterRepeated(password)) return WEAK_PASSWORD_MESSAGES.repeated;
  const address = email.trim();
  const localPart = address.slice(0, Math.max(0, address.lastIndexOf('@')));
  if (isMadeOf(password, address) || isMadeOf(password, localPart)) return WEAK_PASSWORD_MESSAGES.sameAsEmail;
  // The product's own name too, when APP_NAME renames it: it is printed on every page of the product.
  if (isMadeOf(password, appName) || isMadeOf(password, DEFAULT_APP_NAME))
    return WEAK_PASSWORD_MESSAGES.sameAsAppName;
  if (isCommonPassword(password)) return WEAK_PASSWORD_MESSAGES.common;
  if (isKeyboardOrRepeatPattern(password)) return WEAK_PASSWORD_MESSAGES.pattern;
  return null;
}

/** Throws the 422 `weak_password` reply of the contract when the password breaks a rule. */
export function assertStrongPassword(password: string, owner: PasswordOwner): void {
  const problem = passwordProblem(password, owner);
  if (problem) throw weakPassword(problem);
}
