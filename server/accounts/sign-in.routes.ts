import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loginBodySchema, loginReplySchema, meReplySchema } from '../../contract/users.js';
import { callerOf } from '../http/caller.js';
import { BEARER_ERRORS, BODY_ERRORS, errorReplies, PASSWORD_CHECKED } from '../http/error-replies.js';
import { requireUser } from '../sessions/request-user.js';
import { toMe } from '../users/user-json.js';
import { signOut } from './sign-in.service.js';
import { API_PATHS } from '../../contract/api-paths.js';
import { ERROR_VARIANTS } from '../../contract/errors.js';

const bearer = [{ bearer: [] }];

/** POST /api/v1/login (one loop over the sign-in methods features added), logout and /me. */
export async function signInRoutes(app: FastifyInstance) {
  const context = app.ctx;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    API_PATHS.login,
    {
      schema: {
        tags: ['accounts'],
        summary:
          'Sign in with e-mail and password (a new token, or the code step when two-step sign-in is on), with a stored token (the same token), with a QR token (exchanged once for a new token), with a passkey (a new token), with the code step’s challenge and a code (a new token), or with e-mail and a mailed sign-in code (DESIGN 13: a new token, or the code step)',
        body: loginBodySchema,
        response: {
          200: loginReplySchema,
          ...errorReplies({
            ...BODY_ERRORS,
            401: [
              'invalid_credentials',
              'invalid_token',
              'invalid_passkey',
              'invalid_code',
              { code: 'invalid_code', message: ERROR_VARIANTS.signInStepExpired },
              { code: 'invalid_code', message: ERROR_VARIANTS.wrongEmailCode },
            ],
            ...PASSWORD_CHECKED,
          }),
        },
      },
    },
    async (request, reply) =>
      app.signInMethods.signIn(request.body.session, { request, reply, caller: callerOf(request) }),
  );

  routes.post(
    API_PATHS.logout,
    {
      schema: {
        tags: ['accounts'],
        summary: 'Sign out: the token is revoked',
        security: bearer,
        response: { 204: z.undefined().describe('Signed out'), ...errorReplies(BEARER_ERRORS) },
      },
    },
    async (request, reply) => {
      await signOut(context, await requireUser(request));
      return reply.code(204).send();
    },
  );

  routes.get(
    API_PATHS.me,
    {
      schema: {
        tags: ['accounts'],
        summary: 'The signed-in user',
        security: bearer,
        response: { 200: meReplySchema, ...errorReplies(BEARER_ERRORS) },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return toMe(user, await app.meParts.of(user.id));
    },
  );
}
