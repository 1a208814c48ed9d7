import { z } from 'zod';
import { confirmBodySchema } from './reauthentication.js';

/** The ways the code step of a sign-in accepts, in the order the page offers them. */
export const SECOND_FACTOR_METHODS = ['totp', 'recovery_code'] as const;

/** Set-up, turning off and new recovery codes: `{"password"}`, or `{"code"}` from POST /api/v1/reauth_code. */
export const twoFactorPasswordBodySchema = confirmBodySchema;
export type TwoFactorPasswordBody = z.infer<typeof twoFactorPasswordBodySchema>;

export const twoFactorSetupReplySchema = z.object({
  secret: z.string().describe('The base32 secret, for typing into an authenticator app by hand'),
  otpauth_url: z.string().describe('otpauth://totp/APP_NAME:email?secret=…&issuer=APP_NAME'),
  qr_code: z.string().describe('The otpauth URL as a QR code: data:image/svg+xml;base64,…'),
});
export type TwoFactorSetupReply = z.infer<typeof twoFactorSetupReplySchema>;

export const twoFactorEnableBodySchema = z.object({
  code: z.string().describe('The 6-digit code the authenticator app shows now'),
});
export type TwoFactorEnableBody = z.infer<typeof twoFactorEnableBodySchema>;

export const recoveryCodesReplySchema = z.object({
  recovery_codes: z.array(z.string()).describe('Ten single-use codes, shown this once'),
});
export type RecoveryCodesReply = z.infer<typeof recoveryCodesReplySchema>;

export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  recovery_codes_left: z.number().int().describe('Unused recovery codes; 0 while two-step sign-in is off'),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** The reply of a right e-mail and password when the account asks for a second step: no token yet. */
export const twoFactorRequiredSchema = z.object({
  two_factor_required: z.literal(true),
  challenge: z.string().describe('Lives 5 minutes and allows 5 tries'),
  methods: z.array(z.enum(SECOND_FACTOR_METHODS)),
});
export type TwoFactorRequired = z.infer<typeof twoFactorRequiredSchema>;

/** The login call's code step: the challenge of the password step and a code or a recovery code. */
export const codeLoginSchema = z.object({
  session: z.object({
    challenge: z.string().max(128),
    code: z.string().max(64).describe('A 6-digit authenticator code or a recovery code'),
  }),
});
