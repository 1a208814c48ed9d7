/**
 * Every error code the API can answer with, and the sentence for a person that goes with it. Free of zod
 * on purpose: the web imports these sentences (the schema of the error body is in error-body.ts).
 * Where a reply names a detail (the field that is missing, how long to wait), the sentence here is the
 * general one; the server's factories (server/http/errors.ts) build the detailed one.
 */
export const ERROR_MESSAGES = {
  invalid_request: 'The request could not be understood.',
  payload_too_large: 'The request body is too large. The limit is 64 KiB.',
  unsupported_media_type: 'Send the request body as JSON (Content-Type: application/json).',
  invalid_credentials: 'Invalid email or password.',
  email_taken:
    'An account with this e-mail address already exists. Sign in, or reset your password if you forgot it.',
  invalid_email: 'Please enter a valid e-mail address, like name@example.com.',
  weak_password: 'Please choose a stronger password.',
  invalid_reset_token: 'This password reset link is invalid or has expired.',
  invalid_token: 'Your session has ended or is not valid. Please sign in again.',
  invalid_xsrf_token: 'This request could not be verified. Please reload the page and try again.',
  too_many_requests: 'Too many attempts. Please wait a few minutes and try again.',
  account_locked:
    'Too many wrong passwords were tried for this account, so passwords are not accepted for it now. Use "Forgot password?" to set a new one.',
  not_found: 'There is nothing at this address.',
  origin_not_allowed: 'This site may not open the push channel.',
  upgrade_required: 'This address is the push channel: open it as a WebSocket (Action Cable protocol).',
  database_unavailable: "We can't reach our database right now. Please try again in a moment.",
  redis_unavailable: "We can't reach our session store right now. Please try again in a moment.",
  not_built: 'The web app has not been built yet. Run "npm run build" and restart.',
  already_subscribed: 'You already have an active subscription.',
  payments_unavailable: 'Payments are not available right now. Please try again in a few minutes.',
  subscription_not_found: 'No such subscription was found for your account.',
  same_plan: 'You are on this plan already. Choose another plan to change to.',
  transaction_not_found: 'No such payment was found for your account.',
  invalid_signature: 'This webhook call could not be verified.',
  webhooks_not_configured: 'PayPal webhooks are not configured on this server.',
  invalid_passkey: 'This passkey could not be verified. Please try again, or sign in with your password.',
  passkey_not_found: 'No such passkey was found for your account.',
  session_not_found: 'No such session was found for your account. It may have ended already.',
  internal_error: 'Something went wrong on our side. Please try again in a moment.',
  invalid_code:
    'That code is not right. Check the code your authenticator app shows now, or use a recovery code.',
  two_factor_already_enabled: 'Two-step sign-in is already on. Turn it off first to set it up again.',
  two_factor_not_enabled: 'Two-step sign-in is not on for this account.',
  reauthentication_required: 'For your safety, please confirm it is you: enter your password.',
  admin_needs_two_step:
    'The support console needs a session that began with two steps: sign out, then sign in with a passkey, or with your password and a code.',
  user_not_found: 'No account has this id. It may have been deleted.',
  cannot_act_on_self: 'The support console does not act on your own account: use your account page.',
  cannot_act_on_agent:
    'This account belongs to a support agent, and the console does not act on agents. Ask the server’s operator.',
  invalid_reason: 'Please give a reason of 10 to 500 characters. It is kept in the audit trail.',
  already_verified: 'Your e-mail address is already confirmed.',
  email_not_verified:
    'Please confirm your e-mail address before you subscribe. We sent you a code when you signed up; you can ask for a new one.',
  last_sign_in_method:
    'This is your only way to sign in. Set a password or add a passkey first, then disconnect it.',
  identity_not_found:
    'No such connected account was found for your account. It may have been disconnected already.',
} as const;

export type ErrorCode = keyof typeof ERROR_MESSAGES;

export const ERROR_CODES = Object.keys(ERROR_MESSAGES) as ErrorCode[];

/** Fixed sentences of a code that has more than one (DESIGN names them per call). */
export const ERROR_VARIANTS = {
  /** 403 `invalid_credentials` of PUT /api/v2/change_password and of POST /api/v1/email_change. */
  wrongCurrentPassword: 'Your current password is not correct.',
  /** 403 `invalid_credentials` of GET /api/v1/check_chromes_password (the QR code). */
  wrongQrPassword: 'That password is not correct. Please try again.',
  /** 400 `invalid_request` of the QR code call without a password. */
  missingQrPassword: 'Please enter your password to get a sign-in code.',
  /** 400 `invalid_request` for bodies that are not a JSON object. */
  emptyBody: 'The request body is empty; it should be a JSON object.',
  invalidJson: 'The request body is not valid JSON.',
  unreadableBody: 'The request body could not be read.',
  /** 400 `invalid_token` of POST /api/v1/email_change/confirm (the link of the confirmation mail). */
  invalidEmailChangeToken:
    'This e-mail confirmation link is invalid or has expired. Ask for a new one on your account page.',
  /** 409 `email_taken` of the e-mail change, when the new address is the one the account already has. */
  sameEmail: 'This is already the e-mail address of your account.',
  /** 400 `invalid_request` of a passkey name that is empty or too long. */
  passkeyName: 'Please give the passkey a name of 1 to 64 characters.',
  /** 400 `invalid_request` of the PayPal webhook when a verified body is not an event. */
  notAPayPalEvent: 'The webhook body is not a PayPal event.',
  /** 401 `invalid_code` of the login call's code step once its challenge has expired or used its tries. */
  signInStepExpired:
    'This sign-in step has expired or had too many tries. Please sign in with your password again.',
  /** 400 `invalid_request` of the login call in a form that no sign-in method of this server takes. */
  signInMethodUnavailable: 'This way of signing in is not available on this server.',
  /** 409 `two_factor_not_enabled` of POST /api/v1/two_factor/enable before any set-up. */
  twoFactorNotSetUp: 'Set up two-step sign-in first: confirm your password to get a QR code.',
  /** 403 `invalid_credentials` of POST /api/v1/reauthenticate. */
  wrongReauthPassword: 'That password is not correct. Please try again.',
  /** 400 `invalid_token` of POST /api/v1/email_change/undo (the link mailed to the old address). */
  invalidEmailUndoToken:
    'This link can no longer undo the e-mail change: it was used already or is older than 7 days. Write to us if you need help.',
  /** 404 `subscription_not_found` of the support console's cancel. */
  noSubscriptionToCancel: 'This person has no active or suspended subscription to cancel.',
  /** 503 `payments_unavailable` of the support console's deletion while PayPal cannot cancel. */
  /**
   * `invalid_code` of a code mailed by DESIGN 13 (wrong, used, expired, voided or of an unknown address): 401 of
   * the login call's `{"email","code"}` form, 400 of POST /api/v1/email_verification/confirm, 403 of a confirming
   * call given `{"code"}` in place of the password.
   */
  wrongEmailCode: 'This code is wrong or has expired.',
  /** 400 `invalid_token` of POST /api/v1/email_verification/confirm (the link of the sign-up mail). */
  invalidVerificationToken:
    'This confirmation link is invalid or has expired. Ask for a new one on your account page.',
  /** 403 `email_not_verified` of POST /api/v1/identities/link_token (DESIGN 13: an unverified address is never linked). */
  linkNeedsVerifiedEmail:
    'Please confirm your e-mail address before you connect another account. We sent you a code when you signed up; you can ask for a new one.',
  /** 404 `subscription_not_found` of POST /api/v1/subscription/change: nothing ACTIVE to change. */
  noSubscriptionToChange:
    'You have no active subscription to change. Choose a plan on the pricing page to subscribe.',
  /** 503 `payments_unavailable` of POST /api/v1/subscription/change: PayPal did not take the revise. */
  planChangeUnavailable:
    'PayPal could not start the plan change, so nothing has changed. Please try again in a few minutes.',
  /** 503 `payments_unavailable` of GET /api/v1/billing/transactions. */
  historyUnavailable:
    'Your payment history cannot be read from PayPal right now. Please try again in a few minutes.',
  deletionKeptForPayPal:
    'The account was not deleted: PayPal could not cancel its subscription, so nothing was changed. Try again in a few minutes.',
} as const;

/** The body of every non-2xx reply, as read off the wire (`error` is an ErrorCode when the server sent it). */
export interface ErrorBody {
  error: string;
  message: string;
}
