import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuditTrail } from '../audit/audit.service.js';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import type { Mailer } from '../mail/mailer.js';
import type { AccountEvents } from '../push/account-events.js';

/** What the account services need from the app; routes hand it over so services stay free of Fastify. */
export interface AccountsContext {
  db: Db;
  config: Config;
  mailer: Mailer;
  audit: AuditTrail;
  events: AccountEvents;
}

export function accountsContext(app: FastifyInstance): AccountsContext {
  return {
    db: app.database.db,
    config: app.config,
    mailer: app.mailer,
    audit: app.audit,
    events: app.accountEvents,
  };
}

/** Who is calling, for audit events and new sessions. */
export interface Caller {
  ip: string | null;
  userAgent: string | null;
}

export function callerOf(request: FastifyRequest): Caller {
  const userAgent = request.headers['user-agent'];
  return { ip: request.ip || null, userAgent: typeof userAgent === 'string' ? userAgent : null };
}
