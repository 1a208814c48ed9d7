import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AuditTrail } from './audit.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    audit: AuditTrail;
  }
}

/** The audit trail; its key is loaded (or made) once the database is there. */
async function auditPlugin(app: FastifyInstance) {
  const audit = new AuditTrail();
  app.decorate('audit', audit);
  app.addHook('onReady', () => audit.load(app.database.db));
}

export default fp(auditPlugin, { name: 'audit', dependencies: ['database'] });
