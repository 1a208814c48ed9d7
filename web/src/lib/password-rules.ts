import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '@contract/password-limits';

/** The password rules of DESIGN section 7, said before the first error rather than after it. */
export const PASSWORD_RULES = `Use ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters; spaces and any symbols are fine. A very common password, or your e-mail address, will not be accepted.`;
