import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { deleteAuditEventsBefore } from '../audit/audit.repository.js';
import { dataRoutes } from './data.routes.js';
import { deleteExpiredUndos } from './email-change-undos.repository.js';
import { deleteEmailChangesOf, deleteExpiredEmailChanges } from './email-changes.repository.js';

/** DESIGN section 12: audit events are kept 365 days. */
export const AUDIT_RETENTION_DAYS = 365;
const DAY_MS = 24 * 60 * 60_000;

/** The export, the e-mail change, and the sweeps that keep what the app holds within its stated terms. */
async function data(app: FastifyInstance) {
  app.housekeeping.add('email_changes', deleteExpiredEmailChanges);
  app.housekeeping.add('email_change_undos', deleteExpiredUndos);
  // An intruder's request to move the account to their address ends with every recovery (DESIGN 7).
  app.accountRecovery.add('email changes', async (tx, { userId }) => {
    await deleteEmailChangesOf(tx, userId);
  });
  app.housekeeping.add('audit_events', (db, at) =>
    deleteAuditEventsBefore(db, new Date(Date.parse(at) - AUDIT_RETENTION_DAYS * DAY_MS).toISOString()),
  );
  await app.register(dataRoutes);
}

export default fp(data, {
  name: 'data',
  dependencies: ['app-context', 'housekeeping', 'request-user', 'account-extensions', 'fresh-authentication'],
});
