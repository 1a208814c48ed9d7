import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * The 49,000-word common-password list that zxcvbn-ts ships (lower-cased, from leaked-password corpora),
 * loaded once. See docs/decisions/010-password-rules.md and 072-password-rules-variants.md.
 */
const commonPasswords: ReadonlySet<string> = new Set(dictionary['passwords-common']);

export const COMMON_PASSWORD_COUNT = commonPasswords.size;

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
 * On the list in any letter case, or a listed password with only digits and symbols added at its ends
 * (`Password123!`, `!!monkey99`) or repeated (`qwertyqwerty`): attackers try exactly these first.
 */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  const candidates = [lower, lower.replace(EDGE_SYMBOLS, ''), lower.replace(EDGE_NON_LETTERS, '')];
  return candidates.some((candidate) => {
    const unit = repeatedUnit(candidate);
    return [candidate, unit].some((word) => word.length >= 4 && commonPasswords.has(word));
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
