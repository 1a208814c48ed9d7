import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { invalidToken } from '../http/errors.js';
import { authenticateToken, type Authenticated } from './sessions.service.js';

/** The token of `Authorization: Bearer <token>`, or null when the header is absent or of another kind. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
  return match?.[1] ?? null;
}

const LOOKUP = Symbol('the request’s user look-up');

/** A request as this module sees it: its one look-up, kept on the request itself. */
interface LookedUp {
  [LOOKUP]: Promise<Authenticated | null> | undefined;
}

/**
 * One lookup per request, however many times a handler asks: kept in a request decoration (a field every
 * request object is built with), not in a WeakMap keyed by requests, which would make every young-generation
 * garbage collection trace those short-lived keys.
 */
async function requestUser(app: FastifyInstance) {
  app.decorateRequest(LOOKUP, undefined);
}

export default fp(requestUser, { name: 'request-user', dependencies: ['app-context'] });

/** The signed-in user and session of the request, or null (epic-stack's getUser); await it. */
export function getUser(request: FastifyRequest): Promise<Authenticated | null> {
  const lookedUp = request as FastifyRequest & LookedUp;
  if (lookedUp[LOOKUP] !== undefined) return lookedUp[LOOKUP];
  const token = bearerToken(request);
  const result = token ? authenticateToken(request.server.database.db, token) : Promise.resolve(null);
  lookedUp[LOOKUP] = result;
  return result;
}

/** Like getUser, but a request without a valid token gets the 401 `invalid_token` reply. */
export async function requireUser(request: FastifyRequest): Promise<Authenticated> {
  const found = await getUser(request);
  if (!found) throw invalidToken();
  return found;
}
