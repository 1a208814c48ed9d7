import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loginBodySchema, meReplySchema, userSchema } from '../../contract/users.js';
import { BEARER_ERRORS, BODY_ERRORS, errorReplies, RATE_LIMITED } from '../http/error-replies.js';
import { requireUser } from '../sessions/request-user.js';
import { normaliseEmail } from '../users/email-address.js';
import { addressSubject } from '../rate-limit/client-address.js';
import { accountsContext, callerOf } from './accounts-context.js';
import { currentUser, signInWithPassword, signInWithStoredToken, signOut } from './sign-in.service.js';

const bearer = [{ bearer: [] }];

export async function signInRoutes(app: FastifyInstance) {
  const context = accountsContext(app);
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/api/v1/login',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Sign in with e-mail and password (a new token) or with a stored token (the same token)',
        body: loginBodySchema,
        response: {
          200: userSchema,
          ...errorReplies({
            ...BODY_ERRORS,
            401: 'invalid_credentials: "Invalid email or password." (also for an unknown e-mail); invalid_token: the token is unknown, revoked or expired',
            ...RATE_LIMITED,
          }),
        },
      },
    },
    async (request) => {
      const { session } = request.body;
      const caller = callerOf(request);
      if ('auth_token' in session)
        return signInWithStoredToken(context, { token: session.auth_token, caller });
      // Per account whatever the IP, so spreading guesses over many addresses does not help.
      await app.rateLimiter.check('signInPerIp', addressSubject(request.ip));
      await app.rateLimiter.check('signInPerAccount', normaliseEmail(session.email));
      return signInWithPassword(context, { email: session.email, password: session.password, caller });
    },
  );

  routes.post(
    '/api/v1/logout',
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
    '/api/v1/me',
    {
      schema: {
        tags: ['accounts'],
        summary: 'The signed-in user',
        security: bearer,
        response: { 200: meReplySchema, ...errorReplies(BEARER_ERRORS) },
      },
    },
    async (request) => currentUser(await requireUser(request)),
  );
}
