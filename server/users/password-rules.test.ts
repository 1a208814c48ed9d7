import { describe, expect, it } from 'vitest';
import { commonPasswords, isCommonPassword } from './common-passwords.js';
import { assertStrongPassword, passwordProblem, WEAK_PASSWORD_MESSAGES } from './password-rules.js';

const email = 'ada@example.com';
const owner = { email, appName: 'BullApp' };

describe('password rules', () => {
  it('use a list of at least 10,000 common passwords', () => {
    expect(commonPasswords().size).toBeGreaterThanOrEqual(10_000);
    for (const common of ['password', 'iloveyou', 'baseball', 'qwertyuiop', '12345678', 'trustno1']) {
      expect(isCommonPassword(common), common).toBe(true);
    }
    expect(isCommonPassword('PassWord')).toBe(true);
    expect(isCommonPassword('violet kettle rainfall')).toBe(false);
  });

  it('accept 8 to 128 characters of any kind, with no composition rules', () => {
    expect(passwordProblem('kettlebx', owner)).toBeNull();
    expect(passwordProblem(`${'üx'.repeat(63)}yz`, owner)).toBeNull();
    expect(passwordProblem('  spaces  are fine ', owner)).toBeNull();
    expect(passwordProblem('🐂🐄🐑🐐🐓🦆🐖🐇', owner)).toBeNull();
    expect(passwordProblem('adamant kettle', owner)).toBeNull();
    expect(passwordProblem('bullapps are fun', owner)).toBeNull();
  });

  it('refuse fewer than 8 and more than 128 characters, counting characters as people do', () => {
    expect(passwordProblem('kettleb', owner)).toBe(WEAK_PASSWORD_MESSAGES.tooShort);
    expect(passwordProblem('', owner)).toBe(WEAK_PASSWORD_MESSAGES.tooShort);
    // Seven emoji are fourteen UTF-16 units but seven characters.
    expect(passwordProblem('🐂'.repeat(7), owner)).toBe(WEAK_PASSWORD_MESSAGES.tooShort);
    expect(passwordProblem('x'.repeat(129), owner)).toBe(WEAK_PASSWORD_MESSAGES.tooLong);
  });

  it('refuse common passwords in any letter case', () => {
    expect(passwordProblem('password', owner)).toBe(WEAK_PASSWORD_MESSAGES.common);
    expect(passwordProblem('Football', owner)).toBe(WEAK_PASSWORD_MESSAGES.common);
  });

  it('refuse the e-mail address as the password', () => {
    expect(passwordProblem('Ada@Example.com', owner)).toBe(WEAK_PASSWORD_MESSAGES.sameAsEmail);
  });

  it('refuse one character repeated', () => {
    for (const password of ['aaaaaaaa', '00000000', '!!!!!!!!!!', '🐂🐂🐂🐂🐂🐂🐂🐂'])
      expect(passwordProblem(password, owner), password).toBe(WEAK_PASSWORD_MESSAGES.repeated);
  });

  it('refuse the e-mail or its local part alone, repeated, or with only digits and symbols added', () => {
    const grace = { email: 'grace.hopper@example.com', appName: 'BullApp' };
    for (const password of ['ada@example.com!', 'Ada2024!', 'adaadaada', 'ADA-ada-1', '12ada34!'])
      expect(passwordProblem(password, owner), password).toBe(WEAK_PASSWORD_MESSAGES.sameAsEmail);
    for (const password of ['grace.hopper', 'Grace.Hopper1906', 'grace.hoppergrace.hopper'])
      expect(passwordProblem(password, grace), password).toBe(WEAK_PASSWORD_MESSAGES.sameAsEmail);
  });

  it("refuse the app's name alone, repeated, or with only digits and symbols added", () => {
    for (const password of ['bullapp!', 'BullApp2026', 'BULLAPPbullapp', '#1 bullapp'])
      expect(passwordProblem(password, owner), password).toBe(WEAK_PASSWORD_MESSAGES.sameAsAppName);
    expect(passwordProblem('Moo Cow 2026', { email, appName: 'Moo Cow' })).toBe(
      WEAK_PASSWORD_MESSAGES.sameAsAppName,
    );
  });

  it('refuse a common password with digits and symbols added at its ends, or repeated', () => {
    for (const password of [
      'Password123!',
      'password1!',
      '!!monkey99',
      'qwerty123!',
      'Football2024',
      'iloveyouiloveyou',
    ])
      expect(passwordProblem(password, owner), password).toBe(WEAK_PASSWORD_MESSAGES.common);
  });

  it('refuse keyboard, alphabet and digit runs and short pieces repeated', () => {
    for (const password of [
      '87654321',
      '12121212',
      'abcdefgh',
      'abcabcabc',
      'ABCDEFGH!',
      'lkjhgfds',
      'poiuytrewq',
      'mnbvcxz!',
      '78901234',
      'abcdabcd',
      'xyzwxyzw',
    ])
      expect(passwordProblem(password, owner), password).toBe(WEAK_PASSWORD_MESSAGES.pattern);
    for (const password of ['kettlebx', 'violet kettle rainfall', 'abcdefgz-river', 'tr0ub4dor&3'])
      expect(passwordProblem(password, owner), password).toBeNull();
  });

  it("refuse the product's default name, whatever APP_NAME says", () => {
    for (const password of ['BullApp1', 'bullapp!bullapp', '2026 BULLAPP'])
      expect(passwordProblem(password, { email, appName: 'Moo Cow' }), password).toBe(
        WEAK_PASSWORD_MESSAGES.sameAsAppName,
      );
  });

  it('throw the 422 weak_password error with the sentence', () => {
    expect(() => assertStrongPassword('short', owner)).toThrow(
      expect.objectContaining({
        status: 422,
        code: 'weak_password',
        message: WEAK_PASSWORD_MESSAGES.tooShort,
      }),
    );
    expect(() => assertStrongPassword('violet kettle rainfall', owner)).not.toThrow();
  });
});
