import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { DatabaseHandle } from './database.js';

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
  }
}

/** The database opened (and migrated) by buildApp; closed last, when the app closes. */
async function databasePlugin(app: FastifyInstance, { database }: { database: DatabaseHandle }) {
  app.decorate('database', database);
  app.addHook('onClose', () => database.close());
}

export default fp(databasePlugin, { name: 'database' });
