import { AppError } from '../http/app-error.js';
import { isCommonPassword } from './common-passwords.js';

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;

export const WEAK_PASSWORD_MESSAGES = {
  tooShort: `Your password must be at least ${MIN_PASSWORD_LENGTH} characters long.`,
  tooLong: `Your password must be at most ${MAX_PASSWORD_LENGTH} characters long.`,
  common: 'This password is too common and easy to guess. Please choose another one.',
  sameAsEmail: 'Your password must not be the same as your e-mail address.',
} as const;

/**
 * DESIGN section 7: 8 to 128 characters of any kind, no composition rules, not a common password and not
 * the e-mail address. Returns the sentence that explains the first rule broken, or null.
 */
export function passwordProblem(password: string, email: string): string | null {
  // Characters as a person counts them (code points), so an emoji is one character, not two.
  const length = [...password].length;
  if (length < MIN_PASSWORD_LENGTH) return WEAK_PASSWORD_MESSAGES.tooShort;
  if (length > MAX_PASSWORD_LENGTH) return WEAK_PASSWORD_MESSAGES.tooLong;
  if (password.trim().toLowerCase() === email.trim().toLowerCase()) return WEAK_PASSWORD_MESSAGES.sameAsEmail;
  if (isCommonPassword(password)) return WEAK_PASSWORD_MESSAGES.common;
  return null;
}

/** Throws the 422 `weak_password` reply of the contract when the password breaks a rule. */
export function assertStrongPassword(password: string, email: string): void {
  const problem = passwordProblem(password, email);
  if (problem) throw new AppError(422, 'weak_password', problem);
}
