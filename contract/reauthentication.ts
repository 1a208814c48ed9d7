import { z } from 'zod';
import { authenticationResponseSchema } from './passkeys.js';

/** DESIGN 7: what adds a way in needs a proof of the owner from the last 5 minutes of the session. */
export const FRESH_AUTHENTICATION_MS = 5 * 60_000;

/**
 * POST /api/v1/reauthenticate: the password, or a passkey assertion to the options of
 * POST /api/v1/passkeys/authentication_options. A mailed code (DESIGN 13) will be one more form.
 */
export const reauthenticateBodySchema = z.union([
  z.object({ password: z.string() }),
  z.object({ passkey: authenticationResponseSchema }),
]);
export type ReauthenticateBody = z.infer<typeof reauthenticateBodySchema>;
