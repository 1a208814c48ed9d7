import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { LoginSession } from '../sign-in/sign-in-methods.js';
import { addressSubject } from '../rate-limit/client-address.js';
import { toUserJson } from '../users/user-json.js';
import { deleteExpiredChallenges } from './challenges.repository.js';
import { invalidPasskey } from '../http/errors.js';
import { isPasskeyOf, signInWithPasskey, type AuthenticationResponse } from './passkey-sign-in.service.js';
import { PASSKEYS_REMOVED_NOTICE } from './passkey-mails.js';
import { countPasskeysOf, deletePasskeysOf } from './passkeys.repository.js';
import { passkeysRoutes } from './passkeys.routes.js';

type PasskeySession = Extract<LoginSession, { passkey: unknown }>;
type PasskeyProof = { passkey: AuthenticationResponse };

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
  // DESIGN 11 counts a passkey as both factors, so its assertion is a fresh proof like the password.
  app.freshAuthentication.addProof<PasskeyProof>('passkey', {
    accepts: (body): body is PasskeyProof => 'passkey' in body,
    verify: ({ user }, { passkey }) => isPasskeyOf(ctx, { response: passkey, userId: user.id }),
    wrong: () => invalidPasskey(401),
  });
  // A passkey signs in without the password: one an intruder added must not survive the owner's reset.
  app.accountRecovery.add('passkeys', async (tx, { userId, reason }) => {
    if (reason !== 'password_reset' || (await deletePasskeysOf(tx, userId)) === 0) return;
    return {
      notice: PASSKEYS_REMOVED_NOTICE,
      afterCommit: () => ctx.events.securityChanged(userId),
    };
  });
  app.supportDesk.addSummary('passkeys', (userIds) => countPasskeysOf(ctx.db, userIds));
  await app.register(passkeysRoutes);
}

export default fp(passkeys, {
  name: 'passkeys',
  dependencies: [
    'app-context',
    'housekeeping',
    'request-user',
    'sign-in-methods',
    'account-extensions',
    'fresh-authentication',
    'support-desk',
  ],
});
