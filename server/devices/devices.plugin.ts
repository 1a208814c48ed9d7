import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { devicesRoutes } from './devices.routes.js';

/** Devices of DESIGN section 10: the account's sessions listed, one or all others signed out, live. */
async function devices(app: FastifyInstance) {
  await app.register(devicesRoutes);
}

export default fp(devices, {
  name: 'devices',
  dependencies: ['app-context', 'request-user', 'account-extensions'],
});
