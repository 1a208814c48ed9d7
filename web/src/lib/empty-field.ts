import { ERROR_VARIANTS } from '@contract/errors';

/**
 * What a form says, before any call, when a field it needs is empty: one sentence per field, the same on
 * every screen that asks for it.
 */
export const EMPTY_FIELD = {
  email: 'Please enter your e-mail address.',
  password: 'Please enter your password.',
  currentPassword: 'Please enter your current password.',
  newAccountPassword: 'Please choose a password.',
  newPassword: 'Please choose a new password.',
  /** DESIGN section 6, to the letter. */
  deletePassword: 'Please enter the password.',
  /** A code mailed by DESIGN 13 (the address's confirmation, a sign-in, a confirming step). */
  mailedCode: 'Please enter the 6-digit code from the e-mail.',
  /** The server's own sentence for the QR call without a password. */
  qrPassword: ERROR_VARIANTS.missingQrPassword,
} as const;
