import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { adminRoutes } from './admin.routes.js';
import { addBuiltInActions } from './console-actions.js';
import type { ConsoleContext } from './admin-people.service.js';

/**
 * The support console of DESIGN 16: search, a person's page, the audit viewer and the actions, the console's
 * own and those features added to the support desk. Registered after every feature (last in FEATURES): it
 * takes the desk's list of actions, and an action added later fails at start.
 */
async function admin(app: FastifyInstance) {
  const ctx: ConsoleContext = { ...app.ctx, desk: app.supportDesk, lifecycle: app.accountLifecycle };
  addBuiltInActions(app.supportDesk, { ctx, recovery: app.accountRecovery });
  await app.register(adminRoutes, { ctx });
}

export default fp(admin, {
  name: 'admin',
  dependencies: ['app-context', 'request-user', 'account-extensions', 'support-desk'],
});
