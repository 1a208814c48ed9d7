import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_PATHS } from '../../contract/api-paths.js';
import {
  addPasskeyBodySchema,
  creationOptionsSchema,
  passkeyListSchema,
  passkeyParamsSchema,
  passkeySchema,
  removePasskeyBodySchema,
  renamePasskeyBodySchema,
  requestOptionsSchema,
} from '../../contract/passkeys.js';
import { ERROR_VARIANTS } from '../../contract/errors.js';
import { callerOf } from '../http/caller.js';
import {
  BEARER_ERRORS,
  BODY_ERRORS,
  errorReplies,
  PASSWORD_CHECKED,
  RATE_LIMITED,
} from '../http/error-replies.js';
import { addressSubject } from '../rate-limit/client-address.js';
import { FRESH_AUTHENTICATION_REQUIRED } from '../sessions/fresh-authentication.plugin.js';
import { requireUser } from '../sessions/request-user.js';
import { authenticationOptions } from './passkey-sign-in.service.js';
import {
  addPasskey,
  passkeysOf,
  registrationOptions,
  removePasskey,
  renameUserPasskey,
} from './passkeys.service.js';

const bearer = [{ bearer: [] }];
/** A passkey signs in without the password: adding one needs a fresh proof (DESIGN 7). */
const FRESH =
  'Needs a sign-in or POST /api/v1/reauthenticate in the last 5 minutes of this session, else 403 `reauthentication_required`.';
const tags = ['passkeys'];

export async function passkeysRoutes(app: FastifyInstance) {
  const context = app.ctx;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    API_PATHS.passkeyRegistrationOptions,
    {
      schema: {
        tags,
        summary: 'Options for creating a passkey of the signed-in account (the challenge lives 5 minutes)',
        description: FRESH,
        security: bearer,
        response: {
          200: creationOptionsSchema,
          ...errorReplies({ ...BEARER_ERRORS, ...FRESH_AUTHENTICATION_REQUIRED, ...RATE_LIMITED }),
        },
      },
    },
    async (request) => {
      const { user } = await app.freshAuthentication.require(request);
      await context.rateLimiter.check('passkeyRegistrationPerUser', String(user.id));
      return { ...(await registrationOptions(context, user)) };
    },
  );

  routes.post(
    API_PATHS.passkeys,
    {
      schema: {
        tags,
        summary: 'Add a passkey: the browser’s registration response to the options above',
        description: FRESH,
        security: bearer,
        body: addPasskeyBodySchema,
        response: {
          201: passkeySchema,
          ...errorReplies({
            ...BODY_ERRORS,
            400: ['invalid_request', 'invalid_passkey'],
            ...BEARER_ERRORS,
            ...FRESH_AUTHENTICATION_REQUIRED,
          }),
        },
      },
    },
    async (request, reply) => {
      const { user } = await app.freshAuthentication.require(request);
      const { name, response } = request.body;
      const added = await addPasskey(context, { user, name, response, caller: callerOf(request) });
      return reply.code(201).send(added);
    },
  );

  routes.get(
    API_PATHS.passkeys,
    {
      schema: {
        tags,
        summary: 'The passkeys of the signed-in account, oldest first',
        security: bearer,
        response: { 200: passkeyListSchema, ...errorReplies(BEARER_ERRORS) },
      },
    },
    async (request) => ({ passkeys: await passkeysOf(context, (await requireUser(request)).user) }),
  );

  routes.patch(
    API_PATHS.passkey,
    {
      schema: {
        tags,
        summary: 'Rename a passkey',
        security: bearer,
        params: passkeyParamsSchema,
        body: renamePasskeyBodySchema,
        response: {
          200: passkeySchema,
          ...errorReplies({ ...BODY_ERRORS, ...BEARER_ERRORS, 404: ['passkey_not_found'] }),
        },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return renameUserPasskey(context, { user, id: request.params.id, name: request.body.name });
    },
  );

  routes.delete(
    API_PATHS.passkey,
    {
      schema: {
        tags,
        summary: 'Remove a passkey: it can no longer sign in',
        description:
          'The account’s last passkey needs a fresh session (DESIGN 7 and 13): a sign-in or a confirmation in the last 5 minutes, or a body `{"password"}` or `{"code"}` (from POST /api/v1/reauth_code); otherwise 403 `reauthentication_required`. Any other passkey needs no body.',
        security: bearer,
        params: passkeyParamsSchema,
        body: removePasskeyBodySchema,
        response: {
          204: z.undefined().describe('Removed'),
          ...errorReplies({
            ...BODY_ERRORS,
            ...BEARER_ERRORS,
            403: [
              'reauthentication_required',
              { code: 'invalid_credentials', message: ERROR_VARIANTS.wrongReauthPassword },
              { code: 'invalid_code', message: ERROR_VARIANTS.wrongEmailCode },
            ],
            404: ['passkey_not_found'],
            ...PASSWORD_CHECKED,
          }),
        },
      },
    },
    async (request, reply) => {
      const { user } = await requireUser(request);
      const passkeys = await passkeysOf(context, user);
      // The last passkey goes only with a fresh proof of the owner.
      if (passkeys.length === 1 && passkeys[0]!.id === request.params.id)
        await app.freshAuthentication.require(request, request.body ? { proof: request.body } : {});
      await removePasskey(context, { user, id: request.params.id, caller: callerOf(request) });
      return reply.code(204).send();
    },
  );

  routes.post(
    API_PATHS.passkeyAuthenticationOptions,
    {
      schema: {
        tags,
        summary: 'Options for signing in with a passkey (the challenge works once, for 5 minutes)',
        response: { 200: requestOptionsSchema, ...errorReplies(RATE_LIMITED) },
      },
    },
    async (request) => {
      await app.ctx.rateLimiter.check('passkeyOptionsPerIp', addressSubject(request.ip));
      return { ...(await authenticationOptions(context)) };
    },
  );
}
