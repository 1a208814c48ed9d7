import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import { processLogOutput } from './log-output.js';

const SECRET_QUERY_KEYS = /^(token|auth_token|password|password_hash|current_password)$/i;

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment).toLowerCase();
  } catch {
    return segment.toLowerCase();
  }
}

/** Pages whose next path segment is a token: the reset link and the e-mail confirmation link. */
const TOKEN_PAGES = new Set(['change-password', 'confirm-email']);

/**
 * The path with every segment after a `change-password` or `confirm-email` segment hidden: the web page
 * answers `//change-password/<token>`, `/Change-Password/<token>` and `/x/change-password/<token>` alike.
 */
function redactPath(path: string): string {
  const segments = path.split('/');
  const at = segments.findIndex((segment) => TOKEN_PAGES.has(decoded(segment)));
  if (at === -1) return path;
  return [...segments.slice(0, at + 1), ...segments.slice(at + 1).map((s) => (s ? '[REDACTED]' : s))].join(
    '/',
  );
}

/**
 * A URL with nothing to hide, told without splitting it: no query string, no escaped character (that could
 * spell a token page's name) and no token page's name in any case.
 */
const MAYBE_SECRET = /[?%]|change-password|confirm-email/i;

/** Removes secrets from a request URL: reset tokens in paths and credentials in query strings. */
export function redactUrl(url: string): string {
  if (!MAYBE_SECRET.test(url)) return url;
  const [path = '', query] = url.split('?', 2);
  const safePath = redactPath(path);
  if (query === undefined) return safePath;
  const params = new URLSearchParams(query);
  for (const key of [...params.keys()]) {
    if (SECRET_QUERY_KEYS.test(key)) params.set(key, '[REDACTED]');
  }
  return `${safePath}?${params.toString().replaceAll('%5BREDACTED%5D', '[REDACTED]')}`;
}

/** What a log line tells of a request (its `req`): method, URL with its secrets hidden, client address. */
export function requestFields(request: FastifyRequest): {
  method: string;
  url: string;
  remoteAddress: string;
} {
  return { method: request.method, url: redactUrl(request.url), remoteAddress: request.ip };
}

/** The app's logger: redaction and serializers, writing to `stream` (by default the process's log output). */
export function loggerOptions(
  level: string,
  stream: { write(line: string): unknown } = processLogOutput(),
): FastifyServerOptions['logger'] {
  return {
    level,
    stream,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-xsrf-token"]',
        'res.headers["set-cookie"]',
        '*.password',
        '*.current_password',
        '*.password_hash',
        '*.auth_token',
        '*.token',
      ],
      censor: '[REDACTED]',
    },
    serializers: { req: requestFields },
  };
}
