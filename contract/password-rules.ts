import { DEFAULT_APP_NAME } from './app.js';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './password-limits.js';

/**
 * The rules of DESIGN section 7 and their sentences, shared by the server, which enforces them, and the web
 * app, which says them at the field while the password is typed. The common-password list itself is not
 * here: the server loads it at start, the web app lazily on the forms that set a password, and both hand it
 * in as `commonPasswords`. See docs/decisions/010-password-rules.md, 072 and 163.
 */
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

const NOT_A_LETTER = /[^\p{L}]+/gu;
const EDGE_NON_LETTERS = /^[^\p{L}]+|[^\p{L}]+$/gu;
const EDGE_SYMBOLS = /^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu;

/** `unit` written once or more, with nothing else. */
function isRepetitionOf(text: string, unit: string): boolean {
  return (
    unit.length > 0 && text.length % unit.length === 0 && unit.repeat(text.length / unit.length) === text
  );
}

/** The shortest piece that `text` repeats (`abcabc` → `abc`; `abcd` → `abcd`). */
function repeatedUnit(text: string): string {
  for (let size = 1; size <= text.length / 2; size += 1) {
    const unit = text.slice(0, size);
    if (isRepetitionOf(text, unit)) return unit;
  }
  return text;
}

/**
 * On the list (lower-cased) in any letter case, or a listed password with only digits and symbols added at
 * its ends (`Password123!`, `!!monkey99`) or repeated (`qwertyqwerty`): attackers try exactly these first.
 */
export function isOnList(password: string, list: ReadonlySet<string>): boolean {
  const lower = password.toLowerCase();
  const candidates = [lower, lower.replace(EDGE_SYMBOLS, ''), lower.replace(EDGE_NON_LETTERS, '')];
  return candidates.some((candidate) => {
    const unit = repeatedUnit(candidate);
    return [candidate, unit].some((word) => word.length >= 4 && list.has(word));
  });
}

/**
 * Made of `name` alone: once or repeated, in any letter case, with only digits and symbols added anywhere
 * (`Ada2024!`, `adaada`, `BullApp-1`).
 */
export function isMadeOf(password: string, name: string): boolean {
  const lower = password.toLowerCase();
  const word = name.trim().toLowerCase();
  if (word.length === 0 || !lower.includes(word)) return false;
  return lower.replaceAll(word, '').replace(NOT_A_LETTER, '') === '';
}

/** One character repeated: `aaaaaaaa`, `00000000`. */
export function isOneCharacterRepeated(password: string): boolean {
  return new Set(password).size === 1;
}

/**
 * Runs along a keyboard row or column, the alphabet or the digits, either way (`asdfghjk`, `abcdefgh`,
 * `87654321`). Digits wrap around (`78901234`). Kept lower-case; QWERTY, AZERTY and QWERTZ rows.
 */
const SEQUENCES = [
  'abcdefghijklmnopqrstuvwxyz',
  '01234567890123456789',
  'qwertyuiop',
  'asdfghjkl',
  'zxcvbnm',
  'azertyuiop',
  'qwertzuiop',
  'wxcvbn',
  'qazwsxedcrfvtgbyhnujmikolp',
  '1qaz2wsx3edc4rfv5tgb6yhn7ujm8ik9ol0p',
  '!@#$%^&*()',
].flatMap((sequence) => [sequence, [...sequence].reverse().join('')]);

const isRunOfSequence = (text: string) =>
  text.length >= 4 && SEQUENCES.some((sequence) => sequence.includes(text));

/** The longest piece a pattern may repeat: `12121212`, `abcabcabc` and `abcdabcd` are patterns. */
const SHORT_UNIT = 4;

/**
 * A keyboard or alphabet run, or a short piece repeated (`12121212`, `abcabcabc`), in any letter case and
 * with symbols added at its ends: the next thing after the list that a guesser tries.
 */
export function isKeyboardOrRepeatPattern(password: string): boolean {
  const lower = password.toLowerCase();
  return [lower, lower.replace(EDGE_SYMBOLS, '')].some((candidate) => {
    const unit = repeatedUnit(candidate);
    if (unit !== candidate && [...unit].length <= SHORT_UNIT) return true;
    return isRunOfSequence(candidate) || (unit !== candidate && isRunOfSequence(unit));
  });
}

/** Whom the password is for, and the common list to check it against (empty while the web app loads it). */
export interface PasswordContext {
  email: string;
  appName: string;
  commonPasswords: ReadonlySet<string>;
}

/**
 * DESIGN section 7: 8 to 128 characters of any kind, no composition rules; not one character repeated,
 * not made of the e-mail, its local part, the app's name or the product's default name (repeated, or with
 * only digits and symbols added), not a common password, not a keyboard or repeat pattern. Returns the
 * sentence that explains the first rule broken, or null.
 */
export function passwordProblem(password: string, { email, appName, commonPasswords }: PasswordContext) {
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
  if (isOnList(password, commonPasswords)) return WEAK_PASSWORD_MESSAGES.common;
  if (isKeyboardOrRepeatPattern(password)) return WEAK_PASSWORD_MESSAGES.pattern;
  return null;
}
