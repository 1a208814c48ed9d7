import { QrCodeError } from './api/check-password';

/**
 * The QR call's errors carry only a status (DESIGN section 6), so the sentences live here. They say what the
 * server says for the same status.
 */
export function qrFailureMessage(error: unknown): string {
  const status = error instanceof QrCodeError ? error.status : 0;
  switch (status) {
    case 400:
      return 'Please enter your password to get a sign-in code.';
    case 401:
      return 'Your session has ended or is not valid. Please sign in again.';
    case 403:
      return 'That password is not correct. Please try again.';
    case 429:
      return 'Too many attempts. Please wait a few minutes and try again.';
    case 0:
      return 'The server could not be reached. Please check your connection and try again.';
    default:
      return 'Something went wrong on our side. Please try again in a moment.';
  }
}
