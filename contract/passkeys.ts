import { z } from 'zod';

const base64url = () => z.string().max(16_384).describe('base64url');

/** A passkey as the API shows it: never the credential id or the public key. */
export const passkeySchema = z.object({
  id: z.string().describe('Public id of the passkey'),
  name: z.string(),
  created_at: z.string().describe('ISO 8601 time'),
  last_used_at: z.string().nullable().describe('ISO 8601 time of the last sign-in with it'),
});
export type PasskeyJson = z.infer<typeof passkeySchema>;

export const passkeyListSchema = z.object({ passkeys: z.array(passkeySchema) });
export type PasskeyList = z.infer<typeof passkeyListSchema>;

/** What @simplewebauthn/browser's startRegistration() returns (RegistrationResponseJSON). */
export const registrationResponseSchema = z.object({
  id: base64url(),
  rawId: base64url(),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(),
    attestationObject: base64url(),
    authenticatorData: base64url().optional(),
    transports: z
      .array(z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']))
      .max(16)
      .optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url().optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
});

/** What @simplewebauthn/browser's startAuthentication() returns (AuthenticationResponseJSON). */
export const authenticationResponseSchema = z.object({
  id: base64url(),
  rawId: base64url(),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(),
    authenticatorData: base64url(),
    signature: base64url(),
    userHandle: base64url().optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
});

export const addPasskeyBodySchema = z.object({
  name: z.string().optional().describe('1 to 64 characters; "Passkey" when left out'),
  response: registrationResponseSchema,
});
export type AddPasskeyBody = z.input<typeof addPasskeyBodySchema>;

export const renamePasskeyBodySchema = z.object({ name: z.string().describe('1 to 64 characters') });

/**
 * DELETE /api/v1/passkeys/:id of the account's last passkey needs a fresh session (DESIGN 7): a body
 * `{"password"}` or `{"code"}` (from POST /api/v1/reauth_code) proves it; any other passkey needs no body.
 */
export const removePasskeyBodySchema = z
  .union([z.object({ password: z.string() }), z.object({ code: z.string().max(64) })])
  .nullish();

export const passkeyParamsSchema = z.object({ id: z.string().max(64) });

/** PublicKeyCredentialCreationOptionsJSON / PublicKeyCredentialRequestOptionsJSON, as the browser needs them. */
export const creationOptionsSchema = z
  .looseObject({ challenge: z.string(), rp: z.object({ id: z.string().optional(), name: z.string() }) })
  .describe('PublicKeyCredentialCreationOptionsJSON');
export const requestOptionsSchema = z
  .looseObject({ challenge: z.string(), rpId: z.string().optional() })
  .describe('PublicKeyCredentialRequestOptionsJSON');

export const passkeyLoginSchema = z.object({
  session: z.object({ passkey: authenticationResponseSchema }),
});
