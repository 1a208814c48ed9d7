import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { LoginSession } from '../sign-in/sign-in-methods.js';
import { addressSubject } from '../rate-limit/client-address.js';
import { toUserJson } from '../users/user-json.js';
import { deleteExpiredChallenges } from './challenges.repository.js';
import { signInWithPasskey } from './passkey-sign-in.service.js';
import { passkeysRoutes } from './passkeys.routes.js';

type PasskeySession = Extract<LoginSession, { passkey: unknown }>;

/** Passkeys of DESIGN section 11: their calls, the login call's passkey method, and stale challenges swept. */
async function passkeys(app: FastifyInstance) {
  const { ctx } = app;
  app.signInMethods.addMethod<PasskeySession>('passkey', {
    accepts: (session): session is PasskeySession => 'passkey' in session,
    async signIn(session, { request, caller }) {
      await ctx.rateLimiter.check('signInPerIp', addressSubject(request.ip));
      const { user, token } = await signInWithPasskey(ctx, { response: session.passkey, caller });
      return toUserJson(user, token);
    },
  });
  app.housekeeping.add('passkey challenges', deleteExpiredChallenges);
  await app.register(passkeysRoutes);
}

export default fp(passkeys, {
  name: 'passkeys',
  dependencies: ['app-context', 'housekeeping', 'request-user', 'sign-in-methods'],
});
