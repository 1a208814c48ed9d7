import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loginBodySchema, loginReplySchema, meReplySchema } from '../../contract/users.js';
import { BEARER_ERRORS, BODY_ERRORS, errorReplies, PASSWORD_CHECKED } from '../http/error-replies.js';
import { requireUser } from '../sessions/request-user.js';
import { normaliseEmail } from '../users/email-address.js';
import { addressSubject } from '../rate-limit/client-address.js';
import { appContext, callerOf } from '../app-context.js';
import { toMe, toUserJson } from './user-json.js';
import { signInWithPassword, signInWithStoredToken, signOut } from './sign-in.service.js';
import { API_PATHS } from '../../contract/api-paths.js';
import { ERROR_VARIANTS } from '../../contract/errors.js';

const bearer = [{ bearer: [] }];

export async function signInRoutes(app: FastifyInstance) {
  const context = appContext(app);
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    API_PATHS.login,
    {
      schema: {
        tags: ['accounts'],
        summary:
          'Sign in with e-mail and password (a new token, or the code step when two-step sign-in is on), with a stored token (the same token), with a QR token (exchanged once for a new token), with a passkey (a new token) or with the code step’s challenge and a code (a new token)',
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
            ],
            ...PASSWORD_CHECKED,
          }),
        },
      },
    },
    async (request, reply) => {
      const { session } = request.body;
      const caller = callerOf(request);
      if ('auth_token' in session)
        return signInWithStoredToken(context, {
          token: session.auth_token,
          qrOnly: session.qr === true,
          caller,
        });
      if ('passkey' in session) {
        await app.rateLimiter.check('signInPerIp', addressSubject(request.ip));
        const { user, token } = await app.signInWithPasskey({ response: session.passkey, caller });
        return toUserJson(user, token);
      }
      if ('challenge' in session) {
        await app.rateLimiter.check('signInPerIp', addressSubject(request.ip));
        const { user, token } = await app.twoFactor.signIn({
          challenge: session.challenge,
          code: session.code,
          caller,
          // Like the password step: per account, unless this browser signed in to it before.
          throttle: async (email) => {
            if (!app.deviceCookies.recognises(request, email))
              await app.rateLimiter.check('signInPerAccount', normaliseEmail(email));
          },
        });
        app.deviceCookies.remember(request, reply, user.email);
        return toUserJson(user, token);
      }
      await app.rateLimiter.check('signInPerIp', addressSubject(request.ip));
      // Per account whatever the IP, so spreading guesses over many addresses does not help; a browser
      // that signed in to the account before is exempt, so those guesses cannot lock its owner out.
      if (!app.deviceCookies.recognises(request, session.email))
        await app.rateLimiter.check('signInPerAccount', normaliseEmail(session.email));
      const signedIn = await signInWithPassword(context, {
        email: session.email,
        password: session.password,
        caller,
        secondStep: (user) => app.twoFactor.challengeFor(user),
      });
      // The browser is remembered only once the code step is passed too.
      if ('two_factor_required' in signedIn) return signedIn;
      app.deviceCookies.remember(request, reply, signedIn.email);
      return signedIn;
    },
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
      return toMe(user, await app.subscriptionOf(user.id));
    },
  );
}
