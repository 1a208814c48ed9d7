import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuditTrail } from './audit/audit.service.js';
import type { Config } from './config.js';
import type { Db } from './db/database.js';
import type { Mailer } from './mail/mailer.js';
import type { AccountEvents } from './push/account-events.js';
import type { RateLimiter } from './rate-limit/rate-limits.js';

/**
 * The one context features share: what their services need from the app. Routes hand it over, so services
 * stay free of Fastify, and two features meet only here or in a building block, never in each other.
 */
export interface AppContext {
  db: Db;
  config: Config;
  mailer: Mailer;
  audit: AuditTrail;
  events: AccountEvents;
  /** After a deletion that must leave nothing to read back: see DatabaseHandle.eraseDeleted. */
  eraseDeleted: () => Promise<void>;
  rateLimiter: RateLimiter;
}

export function appContext(app: FastifyInstance): AppContext {
  return {
    db: app.database.db,
    config: app.config,
    mailer: app.mailer,
    audit: app.audit,
    events: app.accountEvents,
    eraseDeleted: () => app.database.eraseDeleted(),
    rateLimiter: app.rateLimiter,
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
