import { z } from 'zod';
import { emailCodeLoginSchema, mailedCodeSchema } from './email-verification.js';
import { passkeyLoginSchema } from './passkeys.js';
import { subscriptionSchema } from './subscriptions.js';
import { codeLoginSchema, twoFactorRequiredSchema } from './two-factor.js';

/** A user as the API returns it; `auth_token` is present on sign-up and sign-in replies. */
export const userSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  auth_token: z.string(),
  role: z.number().int().describe('0 = member, 1 = admin'),
  created_at: z.string().describe('ISO 8601 time'),
  email_verified: z.boolean().describe('The address was confirmed (DESIGN 13)'),
  has_password: z
    .boolean()
    .describe('false for an account without a password: it confirms with mailed codes'),
});
export type User = z.infer<typeof userSchema>;

export const meReplySchema = userSchema.omit({ auth_token: true }).extend({
  subscription: subscriptionSchema.nullable().describe('The current subscription, else the latest'),
});
export type Me = z.infer<typeof meReplySchema>;

export const signUpBodySchema = z.object({
  user: z.object({ email: z.string(), password: z.string() }),
});
export type SignUpBody = z.infer<typeof signUpBodySchema>;

export const passwordLoginSchema = z.object({
  session: z.object({ email: z.string(), password: z.string() }),
});
export const tokenLoginSchema = z.object({
  session: z.object({
    auth_token: z.string(),
    qr: z
      .boolean()
      .optional()
      .describe('true from a QR link: only a pending QR token is accepted (it is exchanged for a new token)'),
  }),
});
export const loginBodySchema = z.union([
  passwordLoginSchema,
  tokenLoginSchema,
  passkeyLoginSchema,
  codeLoginSchema,
  emailCodeLoginSchema,
]);
export type LoginBody = z.infer<typeof loginBodySchema>;

/**
 * A signed-in user, or (e-mail and password, or e-mail and mailed code, of an account with two-step sign-in on)
 * the code step.
 */
export const loginReplySchema = z.union([userSchema, twoFactorRequiredSchema]);
export type LoginReply = z.infer<typeof loginReplySchema>;

export const resetPasswordBodySchema = z.object({ email: z.string() });
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

export const changePasswordByTokenSchema = z.object({
  password_hash: z.string().describe('The reset token from the e-mailed link.'),
  password: z.string(),
});
export const changePasswordByCurrentSchema = z.object({
  current_password: z.string(),
  password: z.string(),
});
/**
 * Bearer + a code from POST /api/v1/reauth_code and the new password: sets a first password for an account
 * without one, or changes it in place of `current_password` (DESIGN 13).
 */
export const changePasswordByCodeSchema = z.object({ code: mailedCodeSchema, password: z.string() });
export const changePasswordBodySchema = z.union([
  changePasswordByTokenSchema,
  changePasswordByCurrentSchema,
  changePasswordByCodeSchema,
]);
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

export const deleteUserBodySchema = z.object({ email: z.string(), password: z.string() });
export type DeleteUserBody = z.infer<typeof deleteUserBodySchema>;

/**
 * Why an account was kept, and the sentence the delete-account screen shows under DESIGN 6's own (the web shows
 * the reply's `message`, never a copy). A wrong password and an unknown e-mail are one reason, so the reply
 * still does not tell whether an account exists.
 */
export const DELETION_REFUSALS = {
  invalid_credentials: 'The e-mail address or the password is not right, so nothing was deleted.',
  two_factor_required:
    'This account has two-step sign-in on, so it can only be deleted from a page signed in to it. Sign in, then try again.',
  subscription_not_cancelled:
    'PayPal could not cancel your subscription just now, so nothing was deleted and your subscription goes on. Please try again in a few minutes.',
} as const;
export type DeletionRefusal = keyof typeof DELETION_REFUSALS;

export const deleteUserReplySchema = z.object({
  success: z.boolean(),
  email: z.string().describe('Empty on success; the support address otherwise.'),
  reason: z
    .enum(Object.keys(DELETION_REFUSALS) as [DeletionRefusal, ...DeletionRefusal[]])
    .optional()
    .describe('Only when the account was kept: why'),
  message: z.string().optional().describe('Only when the account was kept: why, in a sentence for a person'),
});
export type DeleteUserReply = z.infer<typeof deleteUserReplySchema>;
