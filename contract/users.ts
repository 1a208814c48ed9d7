import { z } from 'zod';
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
]);
export type LoginBody = z.infer<typeof loginBodySchema>;

/** A signed-in user, or (e-mail and password of an account with two-step sign-in on) the code step. */
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
export const changePasswordBodySchema = z.union([changePasswordByTokenSchema, changePasswordByCurrentSchema]);
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

export const deleteUserBodySchema = z.object({ email: z.string(), password: z.string() });
export type DeleteUserBody = z.infer<typeof deleteUserBodySchema>;

export const deleteUserReplySchema = z.object({
  success: z.boolean(),
  email: z.string().describe('Empty on success; the support address otherwise.'),
});
export type DeleteUserReply = z.infer<typeof deleteUserReplySchema>;
