import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_COUNT, isCommonPassword } from './common-passwords.js';
import { assertStrongPassword, passwordProblem, WEAK_PASSWORD_MESSAGES } from './password-rules.js';

const email = 'ada@example.com';

describe('password rules', () => {
  it('use a list of at least 10,000 common passwords', () => {
    expect(COMMON_PASSWORD_COUNT).toBeGreaterThanOrEqual(10_000);
    for (const common of ['password', 'iloveyou', 'baseball', 'qwertyuiop', '12345678', 'trustno1']) {
      expect(isCommonPassword(common), common).toBe(true);
    }
    expect(isCommonPassword('PassWord')).toBe(true);
    expect(isCommonPassword('violet kettle rainfall')).toBe(false);
  });

  it('accept 8 to 128 characters of any kind, with no composition rules', () => {
    expect(passwordProblem('kettlebx', email)).toBeNull();
    expect(passwordProblem('ü'.repeat(128), email)).toBeNull();
    expect(passwordProblem('  spaces  are fine ', email)).toBeNull();
    expect(passwordProblem('🐂🐂🐂🐂🐂🐂🐂🐂', email)).toBeNull();
  });

  it('refuse fewer than 8 and more than 128 characters, counting characters as people do', () => {
    expect(passwordProblem('kettleb', email)).toBe(WEAK_PASSWORD_MESSAGES.tooShort);
    expect(passwordProblem('', email)).toBe(WEAK_PASSWORD_MESSAGES.tooShort);
    // Seven emoji are fourteen UTF-16 units but seven characters.
    expect(passwordProblem('🐂'.repeat(7), email)).toBe(WEAK_PASSWORD_MESSAGES.tooShort);
    expect(passwordProblem('x'.repeat(129), email)).toBe(WEAK_PASSWORD_MESSAGES.tooLong);
  });

  it('refuse common passwords in any letter case', () => {
    expect(passwordProblem('password', email)).toBe(WEAK_PASSWORD_MESSAGES.common);
    expect(passwordProblem('Football', email)).toBe(WEAK_PASSWORD_MESSAGES.common);
  });

  it('refuse the e-mail address as the password', () => {
    expect(passwordProblem('Ada@Example.com', email)).toBe(WEAK_PASSWORD_MESSAGES.sameAsEmail);
  });

  it('throw the 422 weak_password error with the sentence', () => {
    expect(() => assertStrongPassword('short', email)).toThrow(
      expect.objectContaining({
        status: 422,
        code: 'weak_password',
        message: WEAK_PASSWORD_MESSAGES.tooShort,
      }),
    );
    expect(() => assertStrongPassword('violet kettle rainfall', email)).not.toThrow();
  });
});
