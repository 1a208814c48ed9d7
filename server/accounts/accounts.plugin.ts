import type { FastifyInstance } from 'fastify';
import { AuditTrail } from '../audit/audit.service.js';
import { Mailer } from '../mail/mailer.js';
import { changePasswordRoutes } from '../passwords/change-password.routes.js';
import { passwordResetRoutes } from '../password-resets/password-resets.routes.js';
import { deletionRoutes } from './deletion.routes.js';
import { scheduleHousekeeping } from './housekeeping.js';
import { signInRoutes } from './sign-in.routes.js';
import { signUpRoutes } from './sign-up.routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
    audit: AuditTrail;
  }
}

/** Sign-up, sign-in, reset, change and deletion, with the mailer and audit trail they share. */
export async function registerAccounts(app: FastifyInstance) {
  const mailer = new Mailer(app.config, app.log);
  const audit = new AuditTrail();
  app.decorate('mailer', mailer);
  app.decorate('audit', audit);
  app.addHook('onReady', () => audit.load(app.database.db));
  app.addHook('onClose', () => mailer.close());
  scheduleHousekeeping(app);

  await app.register(signUpRoutes);
  await app.register(signInRoutes);
  await app.register(passwordResetRoutes);
  await app.register(changePasswordRoutes);
  await app.register(deletionRoutes);
}
