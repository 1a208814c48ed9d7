import { z } from 'zod';

/**
 * Sign in with Google, Apple or any OpenID provider (DESIGN 14): the calls of the API, the paths of the flow
 * and the `?error=` codes the callback sends the page back with. The sentences are free of zod's runtime
 * (identity-errors.ts) so the login page can show them without loading a schema.
 */

/** A configured provider, as the login page lists it; `available` is false while it cannot be reached. */
export const providerSchema = z.object({
  id: z.string().describe('The provider id of OIDC_PROVIDERS, e.g. "google"'),
  name: z.string().describe("The button's name, e.g. 'Google'"),
  available: z
    .boolean()
    .describe('false while its discovery document cannot be read (retried); the button says so'),
});
export type Provider = z.infer<typeof providerSchema>;
export const providerListSchema = z.object({ providers: z.array(providerSchema) });
export type ProviderList = z.infer<typeof providerListSchema>;

/** A connected identity, as the account's security page lists it: never the provider's subject. */
export const identitySchema = z.object({
  id: z.string().describe('Public id of the connection'),
  provider: z.string(),
  email: z.string().nullable().describe('The e-mail the provider gave, if any'),
  created_at: z.string().describe('ISO 8601 time'),
  last_used_at: z.string().nullable().describe('ISO 8601 time of the last sign-in with it'),
});
export type IdentityJson = z.infer<typeof identitySchema>;
export const identityListSchema = z.object({ identities: z.array(identitySchema) });
export type IdentityList = z.infer<typeof identityListSchema>;

export const identityParamsSchema = z.object({ id: z.string().max(64) });

/** POST /api/v1/identities/link_token: a one-time token for GET /auth/:provider/start?intent=link. */
export const linkTokenReplySchema = z.object({
  link_token: z.string(),
  expires_at: z.string().describe('ISO 8601 time; the token works once, for 10 minutes'),
});
export type LinkTokenReply = z.infer<typeof linkTokenReplySchema>;

export const providerParamsSchema = z.object({ provider: z.string().max(64) });

export const startQuerySchema = z.object({
  return_to: z.string().max(2048).optional().describe('A path of this app; anything else is ignored'),
  intent: z.enum(['sign_in', 'link']).default('sign_in'),
  link_token: z
    .string()
    .max(128)
    .optional()
    .describe('From POST /api/v1/identities/link_token (intent=link)'),
});

/** The provider's reply: query parameters (GET) or a form_post body (POST, Apple). */
export const callbackParamsSchema = z.looseObject({
  state: z.string().max(512).optional(),
  code: z.string().max(4096).optional(),
  error: z.string().max(512).optional(),
});

export { OIDC_ERROR_CODES, oidcErrorSentence, type OidcErrorCode } from './identity-errors.js';
