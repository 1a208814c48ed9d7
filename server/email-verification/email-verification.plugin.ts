import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { deleteDeadCodes } from '../email-codes/email-codes.repository.js';
import { BackgroundQueue } from '../http/background-queue.js';
import { alreadyVerified, wrongEmailCode } from '../http/errors.js';
import { addressSubject } from '../rate-limit/client-address.js';
import type { LoginSession } from '../sign-in/sign-in-methods.js';
import { normaliseEmail } from '../users/email-address.js';
import { findUserById, verifiedAmong } from '../users/users.repository.js';
import { emailVerificationRoutes } from './email-verification.routes.js';
import { isReauthCodeOf, sendVerification, signInWithEmailCode } from './email-verification.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sign-in code requests are handled after their reply; shutdown waits for them (and tests may). */
    emailCodeQueue: BackgroundQueue;
  }
}

type EmailCodeSession = Extract<LoginSession, { email: string; code: string }>;

/**
 * DESIGN 13: the address confirmed by a mailed code or link, sign-in by a mailed code, and mailed codes in
 * place of the password for confirming steps. Plugs into the sign-up hooks (the confirmation mail after the
 * reply), the sign-in methods, the fresh-authentication proofs and the support desk.
 */
async function emailVerification(app: FastifyInstance) {
  const context = app.ctx;
  const queue = new BackgroundQueue(app.log);
  app.decorate('emailCodeQueue', queue);
  // Before the database and the mailer close.
  app.addHook('preClose', () => queue.flush());
  app.housekeeping.add('email codes', deleteDeadCodes);

  app.accountLifecycle.confirmsAddresses();
  app.accountLifecycle.onSignUp('confirmation mail', (account) =>
    sendVerification(context, { account, ip: null, event: null }),
  );

  app.signInMethods.addMethod<EmailCodeSession>('email_code', {
    accepts: (session): session is EmailCodeSession => 'email' in session && 'code' in session,
    async signIn(session, { request, reply, caller }) {
      await context.rateLimiter.check('signInPerIp', addressSubject(request.ip));
      // Per account whatever the IP, as the password is, unless this browser signed in to it before.
      if (!(await app.deviceCookies.recognises(request, session.email)))
        await context.rateLimiter.check('signInPerAccount', normaliseEmail(session.email));
      const signedIn = await signInWithEmailCode(context, {
        email: session.email,
        code: session.code,
        caller,
        secondSteps: app.signInMethods,
      });
      if ('two_factor_required' in signedIn) return signedIn;
      await app.deviceCookies.remember(request, reply, signedIn.id);
      return signedIn;
    },
  });

  // `{"code"}` from POST /api/v1/reauth_code proves the owner wherever the password would (DESIGN 13).
  app.freshAuthentication.addProof<{ code: string }>('code', {
    accepts: (body): body is { code: string } =>
      'code' in body && typeof body.code === 'string' && !('password' in body),
    verify: ({ user }, { code }) => isReauthCodeOf(context, user, code),
    wrong: () => wrongEmailCode(403),
  });

  app.supportDesk.addSummary('email_verified', async (userIds) => {
    const verified = await verifiedAmong(context.db, userIds);
    return new Map(userIds.map((id) => [id, verified.has(id)]));
  });
  app.supportDesk.addAction('resend_verification', {
    status: 202,
    summary: 'Mail the person a new code and link that confirm their address; the older ones stop working',
    refusals: { 409: ['already_verified'] },
    async run({ target, caller, record }) {
      const account = await findUserById(context.db, target.id);
      if (!account || account.email_verified_at !== null) throw alreadyVerified();
      await sendVerification(context, { account, ip: caller.ip });
      await record(context.db, 'support_verification_resent');
    },
  });

  await app.register(emailVerificationRoutes, { queue });
}

export default fp(emailVerification, {
  name: 'email-verification',
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
