import { ERROR_MESSAGES, ERROR_VARIANTS } from '../../contract/errors.js';
import { AppError } from './app-error.js';

/**
 * Every error reply the server makes, one factory each: the codes and sentences come from the contract's
 * catalogue, so the web and the OpenAPI description say the same.
 */

// Bad requests.
/** `status` is 400 unless the framework found another 4xx fault (e.g. a 405 or a 414). */
export const invalidRequest = (message: string = ERROR_MESSAGES.invalid_request, status = 400) =>
  new AppError(status, 'invalid_request', message);
export const missingField = (where?: string) =>
  invalidRequest(
    where
      ? `The request is missing a field or has a field of the wrong type: ${where}.`
      : 'The request is missing a field or has a field of the wrong type.',
  );
export const payloadTooLarge = () => new AppError(413, 'payload_too_large', ERROR_MESSAGES.payload_too_large);
export const unsupportedMediaType = () =>
  new AppError(415, 'unsupported_media_type', ERROR_MESSAGES.unsupported_media_type);
export const notFound = (method: string, path: string) =>
  new AppError(404, 'not_found', `There is no ${method} ${path} here.`);
export const invalidXsrfToken = () =>
  new AppError(403, 'invalid_xsrf_token', ERROR_MESSAGES.invalid_xsrf_token);

// Accounts and passwords.
/** One reply for an unknown e-mail and for a wrong password, so it never tells which one it was. */
export const invalidCredentials = () =>
  new AppError(401, 'invalid_credentials', ERROR_MESSAGES.invalid_credentials);
export const emailTaken = () => new AppError(409, 'email_taken', ERROR_MESSAGES.email_taken);
export const invalidEmail = () => new AppError(422, 'invalid_email', ERROR_MESSAGES.invalid_email);
/** `problem` names the rule the password breaks. */
export const weakPassword = (problem: string = ERROR_MESSAGES.weak_password) =>
  new AppError(422, 'weak_password', problem);
export const invalidResetToken = () =>
  new AppError(400, 'invalid_reset_token', ERROR_MESSAGES.invalid_reset_token);
export const wrongCurrentPassword = () =>
  new AppError(403, 'invalid_credentials', ERROR_VARIANTS.wrongCurrentPassword);
export const invalidToken = () =>
  new AppError(401, 'invalid_token', ERROR_MESSAGES.invalid_token, { 'www-authenticate': 'Bearer' });

// Fresh authentication (DESIGN 7).
export const reauthenticationRequired = () =>
  new AppError(403, 'reauthentication_required', ERROR_MESSAGES.reauthentication_required);
export const wrongReauthPassword = () =>
  new AppError(403, 'invalid_credentials', ERROR_VARIANTS.wrongReauthPassword);

// Your data: the e-mail change.
export const invalidEmailUndoToken = () =>
  new AppError(400, 'invalid_token', ERROR_VARIANTS.invalidEmailUndoToken);
export const invalidEmailChangeToken = () =>
  new AppError(400, 'invalid_token', ERROR_VARIANTS.invalidEmailChangeToken);
export const sameEmail = () => new AppError(409, 'email_taken', ERROR_VARIANTS.sameEmail);

// The QR code.
export const missingQrPassword = () => invalidRequest(ERROR_VARIANTS.missingQrPassword);
export const wrongQrPassword = () => new AppError(403, 'invalid_credentials', ERROR_VARIANTS.wrongQrPassword);

// The push channel.
export const originNotAllowed = () =>
  new AppError(403, 'origin_not_allowed', ERROR_MESSAGES.origin_not_allowed);
export const upgradeRequired = () => new AppError(426, 'upgrade_required', ERROR_MESSAGES.upgrade_required);

// Subscriptions and PayPal.
export const alreadySubscribed = () =>
  new AppError(409, 'already_subscribed', ERROR_MESSAGES.already_subscribed);
export const paymentsUnavailable = () =>
  new AppError(503, 'payments_unavailable', ERROR_MESSAGES.payments_unavailable);
export const subscriptionNotFound = () =>
  new AppError(404, 'subscription_not_found', ERROR_MESSAGES.subscription_not_found);
export const invalidSignature = () =>
  new AppError(400, 'invalid_signature', ERROR_MESSAGES.invalid_signature);
export const webhooksNotConfigured = () =>
  new AppError(503, 'webhooks_not_configured', ERROR_MESSAGES.webhooks_not_configured);
export const notAPayPalEvent = () => invalidRequest(ERROR_VARIANTS.notAPayPalEvent);

// Billing (DESIGN 15).
export const samePlan = () => new AppError(409, 'same_plan', ERROR_MESSAGES.same_plan);
export const noSubscriptionToChange = () =>
  new AppError(404, 'subscription_not_found', ERROR_VARIANTS.noSubscriptionToChange);
export const planChangeUnavailable = () =>
  new AppError(503, 'payments_unavailable', ERROR_VARIANTS.planChangeUnavailable);
export const historyUnavailable = () =>
  new AppError(503, 'payments_unavailable', ERROR_VARIANTS.historyUnavailable);
export const transactionNotFound = () =>
  new AppError(404, 'transaction_not_found', ERROR_MESSAGES.transaction_not_found);

// Passkeys.
export const invalidPasskey = (status: 400 | 401) =>
  new AppError(status, 'invalid_passkey', ERROR_MESSAGES.invalid_passkey);
export const passkeyNotFound = () => new AppError(404, 'passkey_not_found', ERROR_MESSAGES.passkey_not_found);
export const invalidPasskeyName = () => invalidRequest(ERROR_VARIANTS.passkeyName);

// Devices.
export const sessionNotFound = () => new AppError(404, 'session_not_found', ERROR_MESSAGES.session_not_found);
// Two-step sign-in.
/** 422 when turning it on; 401 at the login call's code step. */
export const invalidCode = (status: 401 | 422) =>
  new AppError(status, 'invalid_code', ERROR_MESSAGES.invalid_code);
/** DESIGN 13: a mailed code that is wrong, used, expired, voided or of an unknown address; one sentence for all. */
export const wrongEmailCode = (status: 400 | 401 | 403) =>
  new AppError(status, 'invalid_code', ERROR_VARIANTS.wrongEmailCode);
export const invalidVerificationToken = () =>
  new AppError(400, 'invalid_token', ERROR_VARIANTS.invalidVerificationToken);
export const alreadyVerified = () => new AppError(409, 'already_verified', ERROR_MESSAGES.already_verified);
export const emailNotVerified = () =>
  new AppError(403, 'email_not_verified', ERROR_MESSAGES.email_not_verified);
export const signInStepExpired = () => new AppError(401, 'invalid_code', ERROR_VARIANTS.signInStepExpired);
export const twoFactorAlreadyEnabled = () =>
  new AppError(409, 'two_factor_already_enabled', ERROR_MESSAGES.two_factor_already_enabled);
export const twoFactorNotEnabled = () =>
  new AppError(409, 'two_factor_not_enabled', ERROR_MESSAGES.two_factor_not_enabled);
/** 403 of the two-step sign-in calls that confirm the password (the QR code's sentence fits them too). */
export const wrongConfirmPassword = () =>
  new AppError(403, 'invalid_credentials', ERROR_VARIANTS.wrongQrPassword);
export const twoFactorNotSetUp = () =>
  new AppError(409, 'two_factor_not_enabled', ERROR_VARIANTS.twoFactorNotSetUp);

// The support console (DESIGN 16).
export const adminNeedsTwoStep = () =>
  new AppError(403, 'admin_needs_two_step', ERROR_MESSAGES.admin_needs_two_step);
export const userNotFound = () => new AppError(404, 'user_not_found', ERROR_MESSAGES.user_not_found);
export const cannotActOnSelf = () =>
  new AppError(403, 'cannot_act_on_self', ERROR_MESSAGES.cannot_act_on_self);
export const cannotActOnAgent = () =>
  new AppError(403, 'cannot_act_on_agent', ERROR_MESSAGES.cannot_act_on_agent);
export const invalidReason = () => new AppError(422, 'invalid_reason', ERROR_MESSAGES.invalid_reason);
export const noSubscriptionToCancel = () =>
  new AppError(404, 'subscription_not_found', ERROR_VARIANTS.noSubscriptionToCancel);
export const deletionKeptForPayPal = () =>
  new AppError(503, 'payments_unavailable', ERROR_VARIANTS.deletionKeptForPayPal);

// Limits and failures.
function inWords(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

export const tooManyRequests = (retryAfterSeconds: number) =>
  new AppError(
    429,
    'too_many_requests',
    `Too many attempts. Please wait ${inWords(retryAfterSeconds)} and try again.`,
    { 'retry-after': String(retryAfterSeconds) },
  );
export const accountLocked = () => new AppError(429, 'account_locked', ERROR_MESSAGES.account_locked);
export const dependencyUnavailable = (dependency: 'database' | 'redis') =>
  new AppError(503, `${dependency}_unavailable`, ERROR_MESSAGES[`${dependency}_unavailable`], {
    'retry-after': '5',
  });
export const notBuilt = () => new AppError(503, 'not_built', ERROR_MESSAGES.not_built);
export const internalError = () => new AppError(500, 'internal_error', ERROR_MESSAGES.internal_error);

// Sign in with Google, Apple or any OpenID provider (DESIGN 14).
export const lastSignInMethod = () =>
  new AppError(409, 'last_sign_in_method', ERROR_MESSAGES.last_sign_in_method);
export const identityNotFound = () =>
  new AppError(404, 'identity_not_found', ERROR_MESSAGES.identity_not_found);
export const linkNeedsVerifiedEmail = () =>
  new AppError(403, 'email_not_verified', ERROR_VARIANTS.linkNeedsVerifiedEmail);
