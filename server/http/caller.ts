import type { FastifyRequest } from 'fastify';

/** Who is calling, for audit events and new sessions: the address and the browser. */
export interface Caller {
  ip: string | null;
  userAgent: string | null;
}

export function callerOf(request: FastifyRequest): Caller {
  const userAgent = request.headers['user-agent'];
  return { ip: request.ip || null, userAgent: typeof userAgent === 'string' ? userAgent : null };
}
