import { AppError } from '../http/app-error.js';

export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password.';

/** One reply for an unknown e-mail and for a wrong password, so it never tells which one it was. */
export const invalidCredentials = () => new AppError(401, 'invalid_credentials', INVALID_CREDENTIALS_MESSAGE);

export const emailTaken = () =>
  new AppError(
    409,
    'email_taken',
    'An account with this e-mail address already exists. Sign in, or reset your password if you forgot it.',
  );
