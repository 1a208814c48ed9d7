import type { FastifyServerOptions } from 'fastify';

const SECRET_QUERY_KEYS = /^(token|auth_token|password|password_hash|current_password)$/i;

/** Removes secrets from a request URL: reset tokens in paths and credentials in query strings. */
export function redactUrl(url: string): string {
  const [path = '', query] = url.split('?', 2);
  const safePath = path.replace(/^\/change-password\/[^/]+/, '/change-password/[REDACTED]');
  if (query === undefined) return safePath;
  const params = new URLSearchParams(query);
  for (const key of [...params.keys()]) {
    if (SECRET_QUERY_KEYS.test(key)) params.set(key, '[REDACTED]');
  }
  return `${safePath}?${params.toString().replaceAll('%5BREDACTED%5D', '[REDACTED]')}`;
}

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
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
    serializers: {
      req(request) {
        return {
          method: request.method,
          url: redactUrl(request.url),
          remoteAddress: request.ip,
        };
      },
    },
  };
}
