import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SupportDesk } from './support-desk.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where features add their facts and actions to the support console (support-desk.ts). */
    supportDesk: SupportDesk;
  }
}

async function supportDesk(app: FastifyInstance) {
  app.decorate('supportDesk', new SupportDesk());
}

export default fp(supportDesk, { name: 'support-desk' });
