import { ERROR_MESSAGES, ERROR_VARIANTS } from '@contract/errors';
import { QrCodeError } from './api/check-password';

/**
 * The QR call's errors carry only a status (DESIGN section 6), so the sentence is picked by status from the
 * contract's catalogue: the one the server sends for the same status.
 */
export function qrFailureMessage(error: unknown, byPassword = true): string {
  const status = error instanceof QrCodeError ? error.status : 0;
  switch (status) {
    case 400:
      return ERROR_VARIANTS.missingQrPassword;
    case 401:
      return ERROR_MESSAGES.invalid_token;
    case 403:
      // Refused is a wrong password, or for an account without one, a wrong mailed code (DESIGN 13).
      return byPassword ? ERROR_VARIANTS.wrongQrPassword : ERROR_VARIANTS.wrongEmailCode;
    case 429:
      return ERROR_MESSAGES.too_many_requests;
    case 0:
      return 'The server could not be reached. Please check your connection and try again.';
    default:
      return ERROR_MESSAGES.internal_error;
  }
}
