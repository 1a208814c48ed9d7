import { dictionary } from '@zxcvbn-ts/language-common';
import { isOnList } from '../../contract/password-rules.js';

/**
 * The 49,000-word common-password list that zxcvbn-ts ships (lower-cased, from leaked-password corpora),
 * loaded once. The rules themselves live in contract/password-rules.ts, which the web app checks with too.
 * See docs/decisions/010-password-rules.md and 072-password-rules-variants.md.
 */
export const commonPasswords: ReadonlySet<string> = new Set(dictionary['passwords-common']);

export const COMMON_PASSWORD_COUNT = commonPasswords.size;

/** On the list, or a listed password with digits and symbols at its ends or repeated (see `isOnList`). */
export const isCommonPassword = (password: string): boolean => isOnList(password, commonPasswords);

export {
  isKeyboardOrRepeatPattern,
  isMadeOf,
  isOneCharacterRepeated,
} from '../../contract/password-rules.js';
