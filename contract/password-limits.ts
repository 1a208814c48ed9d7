/** DESIGN section 7: a password has 8 to 128 characters (code points), of any kind. */
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;
