import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { TwoFactorRequired } from '../../contract/two-factor.js';
import { appContext } from '../app-context.js';
import type { Account } from '../users/account.js';
import { deleteSpentChallenges } from './challenges.repository.js';
import { SecretBox } from './secret-box.js';
import { challengeFor, signInWithCode, type CodeSignIn } from './two-factor-sign-in.service.js';
import { twoFactorRoutes } from './two-factor.routes.js';
import { isTwoFactorOn, type TwoFactorContext } from './two-factor.service.js';

/** What sign-in and deletion (the accounts feature) ask of two-step sign-in, without importing it. */
export interface TwoFactorGate {
  /** After the right password: the code step's challenge when the account has it on, else null. */
  challengeFor(user: Account): Promise<TwoFactorRequired | null>;
  /** The login call's code step: the account and a new session token, or 401 `invalid_code`. */
  signIn(options: CodeSignIn): Promise<{ user: Account; token: string }>;
  isOn(userId: number): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyInstance {
    twoFactor: TwoFactorGate;
  }
}

/** Two-step sign-in of DESIGN section 11: its calls, the login call's code step, and spent challenges swept. */
async function twoFactor(app: FastifyInstance) {
  const box = new SecretBox();
  app.addHook('onReady', () => box.load(app.database.db));
  const context: TwoFactorContext = { ...appContext(app), box };
  app.decorate('twoFactor', {
    challengeFor: (user) => challengeFor(context, user),
    signIn: (options) => signInWithCode(context, options),
    isOn: (userId) => isTwoFactorOn(context, userId),
  } satisfies TwoFactorGate);
  app.housekeeping.add('two-factor challenges', deleteSpentChallenges);
  await app.register(twoFactorRoutes, { context });
}

export default fp(twoFactor, {
  name: 'two-factor',
  dependencies: ['database', 'mailer', 'audit', 'push', 'rate-limits', 'housekeeping'],
});
