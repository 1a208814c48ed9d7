import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_PATHS } from '../../contract/api-paths.js';
import { ERROR_VARIANTS } from '../../contract/errors.js';
import { reauthenticateBodySchema } from '../../contract/reauthentication.js';
import { BODY_ERRORS, errorReplies, PASSWORD_CHECKED, type DescribedError } from '../http/error-replies.js';
import { wrongReauthPassword } from '../http/errors.js';
import { isPasswordOf } from '../users/credentials.js';
import { normaliseEmail } from '../users/email-address.js';
import { FreshAuthentication } from './fresh-authentication.js';
import { requireUser } from './request-user.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The one guard of the calls that add a way in, and where features add proofs (fresh-authentication.ts). */
    freshAuthentication: FreshAuthentication;
  }
}

/** The replies a guarded call adds to its own. */
export const FRESH_AUTHENTICATION_REQUIRED: Record<number, DescribedError[]> = {
  403: ['reauthentication_required'],
};

/** The guard, its built-in proof (the password), and POST /api/v1/reauthenticate. */
async function freshAuthenticationPlugin(app: FastifyInstance) {
  const { ctx } = app;
  const guard = new FreshAuthentication(ctx);
  guard.addProof<{ password: string }>('password', {
    accepts: (body): body is { password: string } => 'password' in body && typeof body.password === 'string',
    verify: ({ user }, { password }) => isPasswordOf(ctx, user, password),
    wrong: wrongReauthPassword,
  });
  app.decorate('freshAuthentication', guard);

  app.withTypeProvider<ZodTypeProvider>().post(
    API_PATHS.reauthenticate,
    {
      schema: {
        tags: ['sessions'],
        summary:
          'Confirm it is you (the password, a code from POST /api/v1/reauth_code, or a passkey assertion): for 5 minutes this session may add a way in',
        description:
          'Adding a passkey, turning on two-step sign-in and starting an e-mail change answer 403 `reauthentication_required` unless the session proved its owner in the last 5 minutes (a sign-in counts). A passkey assertion answers the options of POST /api/v1/passkeys/authentication_options.',
        security: [{ bearer: [] }],
        body: reauthenticateBodySchema,
        response: {
          204: z.undefined().describe('Confirmed for the next 5 minutes'),
          ...errorReplies({
            ...BODY_ERRORS,
            400: ['invalid_request'],
            401: ['invalid_token', 'invalid_passkey'],
            403: [
              { code: 'invalid_credentials', message: ERROR_VARIANTS.wrongReauthPassword },
              { code: 'invalid_code', message: ERROR_VARIANTS.wrongEmailCode },
            ],
            ...PASSWORD_CHECKED,
          }),
        },
      },
    },
    async (request, reply) => {
      const auth = await requireUser(request);
      // A password check: it counts toward the account's throttle, as the other password checks do.
      await ctx.rateLimiter.check('signInPerAccount', normaliseEmail(auth.user.email));
      const ip = request.ip || null;
      await guard.prove(auth, request.body, { ip });
      await ctx.audit.record(ctx.db, { event: 'reauthenticated', subject: { userId: auth.user.id }, ip });
      return reply.code(204).send();
    },
  );
}

export default fp(freshAuthenticationPlugin, {
  name: 'fresh-authentication',
  dependencies: ['app-context', 'request-user'],
});
