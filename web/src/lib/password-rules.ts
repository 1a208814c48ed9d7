/** The password rules of DESIGN section 7, said before the first error rather than after it. */
export const PASSWORD_RULES =
  'Use 8 to 128 characters; spaces and any symbols are fine. A very common password, or your e-mail address, will not be accepted.';
