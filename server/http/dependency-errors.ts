/**
 * Tells errors that mean "a service we depend on is away" from bugs, so the reply is a 503 that says
 * which one and invites a retry, instead of an opaque 500.
 */
export type Dependency = 'database' | 'redis';

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

const PG_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Connection ended',
];

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

export function dependencyDown(error: unknown): Dependency | null {
  if (!(error instanceof Error)) return null;
  const code = codeOf(error);
  const name = error.name;
  const message = error.message;

  if (
    name === 'MaxRetriesPerRequestError' ||
    /^Connection is closed|Stream isn't writeable|^Command timed out|ioredis/i.test(message)
  ) {
    return 'redis';
  }
  if (error.stack?.includes('/ioredis/') && code && NETWORK_CODES.has(code)) return 'redis';

  // SQLSTATE class 08 is "connection exception"; 57P0x the server shutting down or starting; 53300 too many clients.
  if (code && (/^08/.test(code) || /^57P0[1-3]$/.test(code) || code === '53300')) return 'database';
  if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED') return 'database';
  if (code && NETWORK_CODES.has(code)) return 'database';
  if (PG_MESSAGES.some((text) => message.includes(text))) return 'database';
  if (message === 'driver has already been destroyed') return 'database';
  return null;
}
