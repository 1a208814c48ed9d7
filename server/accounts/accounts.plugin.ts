import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { BackgroundQueue } from '../http/background-queue.js';
import { deleteExpiredSessions } from '../sessions/sessions.repository.js';
import { deletionRoutes } from './deletion.routes.js';
import { passwordMethod, tokenMethod } from './sign-in-methods.js';
import { signInRoutes } from './sign-in.routes.js';
import { signUpRoutes } from './sign-up.routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** What features do for a new account after the sign-up's reply (shutdown, and tests, wait for it). */
    signUpQueue: BackgroundQueue;
  }
}

/** Sign-up, sign-in (with the password and token methods) and deletion; expired sessions are swept. */
async function accounts(app: FastifyInstance) {
  app.signInMethods.addMethod('password', passwordMethod(app));
  app.signInMethods.addMethod('token', tokenMethod(app));
  app.housekeeping.add('sessions', deleteExpiredSessions);
  const signUpQueue = new BackgroundQueue(app.log);
  app.decorate('signUpQueue', signUpQueue);
  // Before the database and the mailer close.
  app.addHook('preClose', () => signUpQueue.flush());
  await app.register(signUpRoutes, { queue: signUpQueue });
  await app.register(signInRoutes);
  await app.register(deletionRoutes);
}

export default fp(accounts, {
  name: 'accounts',
  dependencies: [
    'app-context',
    'housekeeping',
    'device-cookies',
    'request-user',
    'sign-in-methods',
    'account-extensions',
  ],
});
