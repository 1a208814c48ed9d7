import { hostname } from 'node:os';
import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import { WEB_ROUTES } from '../../contract/web-routes.js';
import { processLogOutput } from './log-output.js';

// `link_token`, `state` and `code`: the provider flow's one-time token and its reply (DESIGN 14).
const SECRET_QUERY_KEYS =
  /^(token|auth_token|password|password_hash|current_password|code|link_token|state)$/i;

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment).toLowerCase();
  } catch {
    return segment.toLowerCase();
  }
}

/**
 * Pages whose next path segment is a token: every page of contract/web-routes.ts with a parameter in its
 * path (the reset link, the e-mail change's confirm and undo links, the sign-up's confirmation link), so a
 * new link page is hidden without a second list to keep.
 */
const TOKEN_PAGES = new Set(
  Object.values(WEB_ROUTES).flatMap(({ path }) => /^\/([a-z-]+)\/:/.exec(path)?.slice(1) ?? []),
);

/**
 * The path with every segment after a token page's segment hidden: the web page answers
 * `//change-password/<token>`, `/Change-Password/<token>` and `/x/change-password/<token>` alike.
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
const MAYBE_SECRET = new RegExp(`[?%]|${[...TOKEN_PAGES].join('|')}`, 'i');

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

/** Where the app's logger writes: one call per line. */
export interface LineStream {
  write(line: string): unknown;
}

/**
 * What a line of the app's logger begins with besides its level and fields, and where it goes: the
 * request's line is written with these (request-log.ts), and pino writes every other line with the same.
 */
export interface OwnLineFormat {
  /** `,"time":…`, the time of a line being written. */
  time: () => string;
  /** The fields of every line, `,"pid":…,"hostname":"…"`. */
  bindings: string;
  stream: LineStream;
}

/** The last line's time and its text: lines of the same millisecond (dozens, under load) share it. */
let lastTime = { at: 0, text: ',"time":0' };

const epochTime = () => {
  const now = Date.now();
  if (now !== lastTime.at) lastTime = { at: now, text: `,"time":${now}` };
  return lastTime.text;
};

/** The options made by `loggerOptions`, with the format of their lines. */
const ownFormats = new WeakMap<object, OwnLineFormat>();

/** The app's logger: redaction and serializers, writing to `stream` (by default the process's log output). */
export function loggerOptions(
  level: string,
  stream: LineStream = processLogOutput(),
): FastifyServerOptions['logger'] {
  const base = { pid: process.pid, hostname: hostname() };
  const options = {
    level,
    stream,
    base,
    timestamp: epochTime,
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
  ownFormats.set(options, {
    time: epochTime,
    bindings: `,"pid":${base.pid},"hostname":${JSON.stringify(base.hostname)}`,
    stream,
  });
  return options;
}

/**
 * The format of the lines of a logger made by `loggerOptions` and passed on unchanged, or null: options
 * changed or made elsewhere (a mixin, a formatter, another message key) may shape lines otherwise, and then
 * every line goes through pino.
 */
export function ownLineFormat(options: FastifyServerOptions['logger']): OwnLineFormat | null {
  return (typeof options === 'object' && ownFormats.get(options)) || null;
}
