import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AccountLifecycle } from './account-lifecycle.js';
import { AccountRecovery } from './account-recovery.js';
import { MePartsRegistry } from './me-parts.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where features add what must happen before an account is deleted (account-lifecycle.ts). */
    accountLifecycle: AccountLifecycle;
    /** The one step every recovery path runs; features add what it must end (account-recovery.ts). */
    accountRecovery: AccountRecovery;
    /** Where features add their parts of GET /api/v1/me (me-parts.ts). */
    meParts: MePartsRegistry;
  }
}

async function accountsExtensions(app: FastifyInstance) {
  app.decorate('accountLifecycle', new AccountLifecycle());
  app.decorate('accountRecovery', new AccountRecovery());
  app.decorate('meParts', new MePartsRegistry());
}

export default fp(accountsExtensions, { name: 'account-extensions' });
