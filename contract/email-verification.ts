import { z } from 'zod';

/** A 6-digit code from a mail of DESIGN 13 (spaces the person typed are ignored by the server). */
export const mailedCodeSchema = z.string().max(64).describe('The 6-digit code from the mail');

/**
 * POST /api/v1/email_verification/confirm: the code of the mail with the Bearer token of the account, or the
 * token of the mail's link alone (no sign-in needed). 200: the user as GET /api/v1/me answers it.
 */
export const confirmEmailVerificationBodySchema = z.union([
  z.object({ code: mailedCodeSchema }),
  z.object({ token: z.string().max(256).describe('The token of the link PUBLIC_URL/verify-email/<token>') }),
]);
export type ConfirmEmailVerificationBody = z.infer<typeof confirmEmailVerificationBodySchema>;

/** POST /api/v1/login/email_code: 204 whether or not an account has the address. */
export const emailCodeRequestBodySchema = z.object({ email: z.string() });
export type EmailCodeRequestBody = z.infer<typeof emailCodeRequestBodySchema>;

/** The login call's e-mail code form: the address and the code mailed to it. */
export const emailCodeLoginSchema = z.object({
  session: z.object({ email: z.string(), code: mailedCodeSchema }),
});
