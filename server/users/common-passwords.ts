import { createRequire } from 'node:module';
import type * as LanguageCommon from '@zxcvbn-ts/language-common';
import { isOnList } from '../../contract/password-rules.js';

// The list is a megabyte of compressed data that takes tens of milliseconds to unpack: loaded at the first
// password checked, not at every start (the cold-start figure, decision 171).
const require = createRequire(import.meta.url);
let list: ReadonlySet<string> | undefined;

/**
 * The 49,000-word common-password list that zxcvbn-ts ships (lower-cased, from leaked-password corpora),
 * loaded once. The rules themselves live in contract/password-rules.ts, which the web app checks with too.
 * See docs/decisions/010-password-rules.md and 072-password-rules-variants.md.
 */
export function commonPasswords(): ReadonlySet<string> {
  if (!list) {
    const { dictionary } = require('@zxcvbn-ts/language-common') as typeof LanguageCommon;
    list = new Set(dictionary['passwords-common']);
  }
  return list;
}

/** On the list, or a listed password with digits and symbols at its ends or repeated (see `isOnList`). */
export const isCommonPassword = (password: string): boolean => isOnList(password, commonPasswords());

export {
  isKeyboardOrRepeatPattern,
  isMadeOf,
  isOneCharacterRepeated,
} from '../../contract/password-rules.js';
