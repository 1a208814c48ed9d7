import { weakPassword } from '../http/errors.js';
import { passwordProblem as problemOf, WEAK_PASSWORD_MESSAGES } from '../../contract/password-rules.js';
import { commonPasswords } from './common-passwords.js';

import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../../contract/password-limits.js';

export { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, WEAK_PASSWORD_MESSAGES };

/** Who the password is for: its words must not make up the password. */
export interface PasswordOwner {
  email: string;
  appName: string;
}

/** The sentence of the first rule of contract/password-rules.ts the password breaks, or null. */
export function passwordProblem(password: string, owner: PasswordOwner): string | null {
  return problemOf(password, { ...owner, commonPasswords: commonPasswords() });
}

/** Throws the 422 `weak_password` reply of the contract when the password breaks a rule. */
export function assertStrongPassword(password: string, owner: PasswordOwner): void {
  const problem = passwordProblem(password, owner);
  if (problem) throw weakPassword(problem);
}
