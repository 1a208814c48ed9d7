import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_PATHS } from '../../contract/api-paths.js';
import { ERROR_VARIANTS } from '../../contract/errors.js';
import { identityListSchema, identityParamsSchema, linkTokenReplySchema } from '../../contract/identities.js';
import { confirmBodySchema } from '../../contract/reauthentication.js';
import { callerOf } from '../http/caller.js';
import { BEARER_ERRORS, BODY_ERRORS, errorReplies, PASSWORD_CHECKED } from '../http/error-replies.js';
import { wrongConfirmPassword } from '../http/errors.js';
import { FRESH_AUTHENTICATION_REQUIRED } from '../sessions/fresh-authentication.plugin.js';
import { requireUser } from '../sessions/request-user.js';
import { normaliseEmail } from '../users/email-address.js';
import type { IdentitiesContext } from './identities-context.js';
import {
  checkDisconnectable,
  disconnectIdentity,
  identitiesJson,
  issueLinkToken,
} from './identities.service.js';
import { linkNeedsVerifiedEmail } from '../http/errors.js';

const bearer = [{ bearer: [] }];
const tags = ['identities'];

/** The account's connected identities: list, the link token of Connect, and Disconnect (DESIGN 14). */
export function identitiesRoutes(ctx: IdentitiesContext) {
  return async (app: FastifyInstance) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.get(
      API_PATHS.identities,
      {
        schema: {
          tags,
          summary: 'The Google, Apple or other OpenID accounts connected to this account',
          security: bearer,
          response: { 200: identityListSchema, ...errorReplies(BEARER_ERRORS) },
        },
      },
      async (request) => {
        const { user } = await requireUser(request);
        return { identities: await identitiesJson(ctx, user) };
      },
    );

    routes.post(
      API_PATHS.identityLinkToken,
      {
        schema: {
          tags,
          summary: 'A one-time token for GET /auth/:provider/start?intent=link (10 minutes)',
          description:
            'Connecting an identity adds a way in: the session must have proved its owner in the last 5 minutes (a sign-in, POST /api/v1/reauthenticate), else 403 `reauthentication_required`. An address not yet confirmed is never linked: 403 `email_not_verified`.',
          security: bearer,
          response: {
            200: linkTokenReplySchema,
            ...errorReplies({
              ...BEARER_ERRORS,
              403: [
                ...FRESH_AUTHENTICATION_REQUIRED[403]!,
                { code: 'email_not_verified', message: ERROR_VARIANTS.linkNeedsVerifiedEmail },
              ],
            }),
          },
        },
      },
      async (request) => {
        const auth = await app.freshAuthentication.require(request);
        if (auth.user.email_verified_at === null) throw linkNeedsVerifiedEmail();
        return issueLinkToken(ctx, auth);
      },
    );

    routes.delete(
      API_PATHS.identity,
      {
        schema: {
          tags,
          summary: 'Disconnect an identity: it can no longer sign in',
          description:
            'Confirmed with `{"password"}`, or `{"code"}` from POST /api/v1/reauth_code. 409 `last_sign_in_method` when the account would have no password, passkey or other identity left.',
          security: bearer,
          params: identityParamsSchema,
          body: confirmBodySchema,
          response: {
            204: z.undefined().describe('Disconnected'),
            ...errorReplies({
              ...BODY_ERRORS,
              ...BEARER_ERRORS,
              403: [
                { code: 'invalid_credentials', message: ERROR_VARIANTS.wrongQrPassword },
                'reauthentication_required',
              ],
              404: ['identity_not_found'],
              409: ['last_sign_in_method'],
              ...PASSWORD_CHECKED,
            }),
          },
        },
      },
      async (request, reply) => {
        const signedIn = await requireUser(request);
        await checkDisconnectable(ctx, { user: signedIn.user, id: request.params.id });
        // A password check counts toward the account's throttle, as every other one does (DESIGN 7).
        await ctx.rateLimiter.check('signInPerAccount', normaliseEmail(signedIn.user.email));
        const { user } = await app.freshAuthentication.require(request, {
          proof: request.body,
          wrong: wrongConfirmPassword,
        });
        await disconnectIdentity(ctx, { user, id: request.params.id, caller: callerOf(request) });
        return reply.code(204).send();
      },
    );
  };
}
