import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { addressSubject } from '../rate-limit/client-address.js';
import type { LoginSession } from '../sign-in/sign-in-methods.js';
import { normaliseEmail } from '../users/email-address.js';
import { toUserJson } from '../users/user-json.js';
import { deleteChallengesOf, deleteSpentChallenges } from './challenges.repository.js';
import { resealUnderCurrentKey } from './key-rotation.js';
import { SecretBox } from './secret-box.js';
import { challengeFor, signInWithCode } from './two-factor-sign-in.service.js';
import { twoFactorRoutes } from './two-factor.routes.js';
import { isTwoFactorOn, turnOffTwoFactor, type TwoFactorContext } from './two-factor.service.js';
import {
  deleteRecoveryCodes,
  deleteTwoFactor,
  findTwoFactor,
  withTwoFactorOn,
} from './two-factor.repository.js';
import type { DbOrTx } from '../db/database.js';
import { twoFactorNotEnabled } from '../http/errors.js';
import { twoFactorResetBySupportMail } from '../mail/support-mails.js';

type CodeSession = Extract<LoginSession, { challenge: string }>;

/**
 * Two-step sign-in of DESIGN section 11: its calls; the code step after the password (a second step) and the
 * login call's answer to it (a method); the veto on deleting with the password alone; spent challenges swept.
 */
async function twoFactor(app: FastifyInstance) {
  const box = new SecretBox(app.ctx.keys);
  const context: TwoFactorContext = { ...app.ctx, box };
  app.addHook('onReady', async () => {
    const resealed = await resealUnderCurrentKey(context.db, box);
    if (resealed > 0) app.log.info({ resealed }, 'two-step secrets re-sealed with the current app key');
  });
  const { rateLimiter } = context;

  app.signInMethods.addSecondStep('two-factor', {
    challengeFor: (user, firstFactor) => challengeFor(context, user, firstFactor),
  });
  app.signInMethods.addMethod<CodeSession>('code', {
    accepts: (session): session is CodeSession => 'challenge' in session,
    async signIn(session, { request, reply, caller }) {
      await rateLimiter.check('signInPerIp', addressSubject(request.ip));
      const { user, token } = await signInWithCode(context, {
        challenge: session.challenge,
        code: session.code,
        caller,
        // Like the password step: per account, unless this browser signed in to it before.
        throttle: async (email) => {
          if (!(await app.deviceCookies.recognises(request, email)))
            await rateLimiter.check('signInPerAccount', normaliseEmail(email));
        },
      });
      await app.deviceCookies.remember(request, reply, user.id);
      return toUserJson(user, token);
    },
  });
  // The password alone is not enough: the deletion must come from a page signed in to the account.
  app.accountLifecycle.onDelete('two-factor', {
    mayDelete: async ({ userId, signedInAs }) =>
      (await isTwoFactorOn(context, userId)) && (await signedInAs()) !== userId
        ? 'two_factor_required'
        : null,
  });
  app.housekeeping.add('two-factor challenges', deleteSpentChallenges);
  // A code step begun with the password before the recovery leads nowhere after it.
  app.accountRecovery.add('two-factor challenges', (tx, { userId }) => deleteChallengesOf(tx, userId));
  // DESIGN 7: a reset that confirms a never-confirmed address turns off a two-step sign-in set up before it
  // (by whoever held the account while the mailbox was somebody else's).
  app.accountRecovery.add(
    'two-factor of an unconfirmed address',
    async (tx, { userId, firstVerification }) => {
      if (!firstVerification) return;
      const row = await findTwoFactor(tx, userId);
      await deleteTwoFactor(tx, userId);
      await deleteRecoveryCodes(tx, userId);
      if (row?.enabled_at == null) return;
      await context.audit.record(tx, { event: 'two_factor_disabled', subject: { userId }, ip: null });
      return {
        notice:
          'Two-step sign-in was turned off too: it was set up before your e-mail address was confirmed. Turn it on again on your account page if you want it.',
      };
    },
  );
  // The support console: whether it is on, and turning it off for a person locked out of their codes.
  app.supportDesk.addSummary('two_factor', async (userIds) => {
    const on = await withTwoFactorOn(context.db, userIds);
    return new Map(userIds.map((id) => [id, on.has(id)]));
  });
  app.supportDesk.addAction('reset_two_factor', {
    status: 204,
    summary:
      'Turn two-step sign-in off for the person: authenticator and recovery codes stop working (passkeys stay)',
    refusals: { 409: ['two_factor_not_enabled'] },
    async run({ target, record }) {
      const recordReset = (tx: DbOrTx) => record(tx, 'support_two_factor_reset');
      if (!(await turnOffTwoFactor(context, { user: target, record: recordReset })))
        throw twoFactorNotEnabled();
      context.mailer.dispatch(twoFactorResetBySupportMail(context.config, { to: target.email }));
    },
  });
  await app.register(twoFactorRoutes, { context });
}

export default fp(twoFactor, {
  name: 'two-factor',
  dependencies: [
    'app-context',
    'housekeeping',
    'device-cookies',
    'request-user',
    'sign-in-methods',
    'account-extensions',
    'fresh-authentication',
    'support-desk',
  ],
});
