import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Mailer } from './mailer.js';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/** One mailer for the app; closing the app waits for mail still on its way. */
async function mailerPlugin(app: FastifyInstance) {
  const mailer = new Mailer(app.config, app.log);
  app.decorate('mailer', mailer);
  app.addHook('onClose', () => mailer.close());
}

export default fp(mailerPlugin, { name: 'mailer', dependencies: ['config'] });
