import { z } from 'zod';
import { mailedCodeSchema } from './email-verification.js';
import { authenticationResponseSchema } from './passkeys.js';

/** DESIGN 7: what adds a way in needs a proof of the owner from the last 5 minutes of the session. */
export const FRESH_AUTHENTICATION_MS = 5 * 60_000;

/** A confirming step's password. */
export const passwordProofSchema = z.object({ password: z.string() });

/** In place of the password: a code from POST /api/v1/reauth_code (DESIGN 13), so an account without one can confirm. */
export const mailedCodeProofSchema = z.object({ code: mailedCodeSchema });

/**
 * The body of every call that confirms with the password (two-step set-up, turning it off, new recovery codes,
 * removing the last passkey): `{"password"}`, or `{"code"}` from POST /api/v1/reauth_code.
 */
export const confirmBodySchema = z.union([passwordProofSchema, mailedCodeProofSchema]);
export type ConfirmBody = z.infer<typeof confirmBodySchema>;

/**
 * POST /api/v1/reauthenticate: the password, a mailed code from POST /api/v1/reauth_code, or a passkey
 * assertion to the options of POST /api/v1/passkeys/authentication_options.
 */
export const reauthenticateBodySchema = z.union([
  passwordProofSchema,
  mailedCodeProofSchema,
  z.object({ passkey: authenticationResponseSchema }),
]);
export type ReauthenticateBody = z.infer<typeof reauthenticateBodySchema>;
