import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { deleteExpiredSessions } from '../sessions/sessions.repository.js';
import { deletionRoutes } from './deletion.routes.js';
import { signInRoutes } from './sign-in.routes.js';
import { signUpRoutes } from './sign-up.routes.js';

/** Sign-up, sign-in and deletion; the sessions they make are swept once expired. */
async function accounts(app: FastifyInstance) {
  app.housekeeping.add('sessions', deleteExpiredSessions);
  await app.register(signUpRoutes);
  await app.register(signInRoutes);
  await app.register(deletionRoutes);
}

export default fp(accounts, {
  name: 'accounts',
  dependencies: ['database', 'mailer', 'audit', 'push', 'rate-limits', 'housekeeping', 'device-cookies'],
});
