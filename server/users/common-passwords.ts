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
