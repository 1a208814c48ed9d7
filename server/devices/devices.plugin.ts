import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { devicesRoutes } from './devices.routes.js';
import { devicesOf } from './devices.service.js';

/** Devices of DESIGN section 10: the account's sessions listed, one or all others signed out, live. */
async function devices(app: FastifyInstance) {
  app.supportDesk.addDetail('sessions', (userId) => devicesOf(app.ctx, { userId, currentSessionId: null }));
  await app.register(devicesRoutes);
}

export default fp(devices, {
  name: 'devices',
  dependencies: ['app-context', 'request-user', 'account-extensions', 'support-desk'],
});
