import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { appContext, type Caller } from '../app-context.js';
import type { Account } from '../users/account.js';
import { deleteExpiredChallenges } from './challenges.repository.js';
import { signInWithPasskey, type AuthenticationResponse } from './passkey-sign-in.service.js';
import { passkeysRoutes } from './passkeys.routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The login call's passkey form: the account and a new session token, or the 401 `invalid_passkey`. */
    signInWithPasskey(options: {
      response: AuthenticationResponse;
      caller: Caller;
    }): Promise<{ user: Account; token: string }>;
  }
}

/** Passkeys of DESIGN section 11: their calls, the sign-in the login call asks for, and stale challenges swept. */
async function passkeys(app: FastifyInstance) {
  const context = appContext(app);
  app.decorate('signInWithPasskey', (options: { response: AuthenticationResponse; caller: Caller }) =>
    signInWithPasskey(context, options),
  );
  app.housekeeping.add('passkey challenges', deleteExpiredChallenges);
  await app.register(passkeysRoutes);
}

export default fp(passkeys, {
  name: 'passkeys',
  dependencies: ['database', 'mailer', 'audit', 'push', 'rate-limits', 'housekeeping'],
});
