import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { changePasswordRoutes } from './change-password.routes.js';
import { deleteExpiredResets } from './password-resets.repository.js';
import { passwordResetRoutes } from './password-resets.routes.js';
import { BackgroundQueue } from '../http/background-queue.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Reset requests are handled after their reply; shutdown waits for them (and tests may). */
    resetQueue: BackgroundQueue;
  }
}

/** Reset links from request to redemption, and the change with the current password. */
async function passwords(app: FastifyInstance) {
  app.housekeeping.add('resets', deleteExpiredResets);
  const queue = new BackgroundQueue(app.log);
  app.decorate('resetQueue', queue);
  // Before the database and the mailer close.
  app.addHook('preClose', () => queue.flush());
  await app.register(passwordResetRoutes);
  await app.register(changePasswordRoutes);
}

export default fp(passwords, {
  name: 'passwords',
  dependencies: ['app-context', 'housekeeping', 'request-user', 'account-extensions', 'fresh-authentication'],
});
