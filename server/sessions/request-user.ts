import type { FastifyRequest } from 'fastify';
import { invalidToken } from '../http/errors.js';
import { authenticateToken, type Authenticated } from './sessions.service.js';

/** The token of `Authorization: Bearer <token>`, or null when the header is absent or of another kind. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
  return match?.[1] ?? null;
}

// One lookup per request, however many times a handler asks.
const resolved = new WeakMap<FastifyRequest, Promise<Authenticated | null>>();

/** The signed-in user and session of the request, or null (epic-stack's getUser). */
export function getUser(request: FastifyRequest): Promise<Authenticated | null> {
  let result = resolved.get(request);
  if (!result) {
    const token = bearerToken(request);
    result = token ? authenticateToken(request.server.database.db, token) : Promise.resolve(null);
    resolved.set(request, result);
  }
  return result;
}

/** Like getUser, but a request without a valid token gets the 401 `invalid_token` reply. */
export async function requireUser(request: FastifyRequest): Promise<Authenticated> {
  const found = await getUser(request);
  if (!found) throw invalidToken();
  return found;
}
