import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RateLimitSettings } from '../rate-limit/rate-limits.js';
import { signUpUser } from '../test/accounts.js';
import { buildTestApp, testDialects, type TestApp } from '../test/helper.js';

// Every call of the accounts API, with the field names its bodies use, so bodies can be near-valid.
const ENDPOINTS = [
  { method: 'POST', url: '/api/v1/users', wrap: 'user', fields: ['email', 'password'] },
  { method: 'POST', url: '/api/v1/login', wrap: 'session', fields: ['email', 'password', 'auth_token'] },
  { method: 'POST', url: '/api/v1/logout', wrap: null, fields: [] },
  { method: 'GET', url: '/api/v1/me', wrap: null, fields: [] },
  { method: 'POST', url: '/api/v2/reset_password', wrap: null, fields: ['email'] },
  {
    method: 'PUT',
    url: '/api/v2/change_password',
    wrap: null,
    fields: ['password_hash', 'current_password', 'password'],
  },
  { method: 'POST', url: '/api/v1/delete_user_with_token', wrap: null, fields: ['email', 'password'] },
] as const;

const NO_LIMITS = Object.fromEntries(
  [
    'signInPerIp',
    'signInPerAccount',
    'signUpPerIp',
    'resetPerIp',
    'resetPerEmail',
    'deletePerIp',
    'deletePerAccount',
    'changePasswordPerUser',
  ].map((rule) => [rule, { limit: 1_000_000, windowMs: 60_000 }]),
) as Partial<RateLimitSettings>;

/** Strings a careless or hostile client sends: odd Unicode, NUL bytes, SQL, paths, very long ones. */
const nastyString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.string({ unit: 'binary' }).map((text) => `${text}\u0000${text}`),
  fc.constantFrom(
    '',
    '\u0000',
    'ada@example.com\u0000',
    "' OR 1=1 --",
    'a@b.c"; DROP TABLE users; --',
    '../../../etc/passwd',
    '\ud800',
    '𝓪𝓭𝓪@example.com',
    'x'.repeat(10_000),
  ),
);

const jsonValue = fc.oneof(
  nastyString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue(),
);

function body(fields: readonly string[], wrap: string | null) {
  const wrapped = (inner: Record<string, unknown>) => (wrap ? { [wrap]: inner } : inner);
  // Every field present with a string value: gets past validation, so the strings reach the database.
  const wellTyped = fc
    .tuple(...fields.map((key) => fc.tuple(fc.constant(key), nastyString)))
    .map((entries) => wrapped(Object.fromEntries(entries)));
  const near = fc
    .subarray([...fields])
    .chain((keys) => fc.tuple(...keys.map((key) => fc.tuple(fc.constant(key), jsonValue))))
    .map((entries) => Object.fromEntries(entries));
  return fc.oneof(
    { arbitrary: wellTyped.map((value) => JSON.stringify(value)), weight: 4 },
    { arbitrary: near.map((value) => JSON.stringify(wrapped(value))), weight: 2 },
    near.map((value) => JSON.stringify(value)),
    fc.jsonValue().map((value) => JSON.stringify(value)),
    fc.string(),
    fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)),
    fc.constantFrom(
      '{',
      '{"user":',
      'null',
      '[]',
      '{"__proto__":{"admin":true}}',
      '{"constructor":{"prototype":{}}}',
    ),
  );
}

const headerValue = fc.string({ maxLength: 80 }).filter((value) => !/[\r\n]/.test(value));

function headers(validToken: string) {
  return fc.record(
    {
      'content-type': fc.oneof(
        { arbitrary: fc.constant('application/json'), weight: 4 },
        fc.constantFrom(
          'application/json',
          'application/json; charset=utf-8',
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
          'application/json; charset=latin1',
        ),
        headerValue,
      ),
      authorization: fc.oneof(
        fc.constant(`Bearer ${validToken}`),
        headerValue.map((value) => `Bearer ${value}`),
        headerValue,
      ),
      'x-xsrf-token': headerValue,
      cookie: fc.oneof(
        headerValue,
        headerValue.map((value) => `XSRF-TOKEN=${value}`),
      ),
      'x-forwarded-for': headerValue,
      accept: headerValue,
      'user-agent': fc.oneof(headerValue, fc.string({ unit: 'binary', maxLength: 600 })),
    },
    { requiredKeys: [] },
  );
}

/** What a reply must never show: a stack trace, SQL or a database error, or a path on the server. */
const LEAKS = [
  /\n\s+at /,
  /\bselect\b.*\bfrom\b/i,
  /\binsert into\b/i,
  /sqlite/i,
  /postgres/i,
  /syntax error/i,
  /relation "/,
  /node_modules/,
  /\/work\//,
  /\.ts:\d+/,
  /\.js:\d+/,
];

describe.each(testDialects)('the accounts API under random input on %s', (dialect) => {
  let testApp: TestApp;
  let token: string;
  beforeAll(async () => {
    testApp = await buildTestApp({ dialect, rateLimits: { settings: NO_LIMITS } });
    token = (await signUpUser(testApp.app, { email: 'fuzz@example.com', password: 'fuzzy kettle rainfall' }))
      .auth_token;
  });
  afterAll(() => testApp.close());

  it.each(ENDPOINTS)(
    '$method $url never answers 5xx nor leaks internals',
    async ({ method, url, wrap, fields }) => {
      await fc.assert(
        fc.asyncProperty(body(fields, wrap), headers(token), async (payload, requestHeaders) => {
          const reply = await testApp.app.inject({ method, url, payload, headers: requestHeaders });
          expect(reply.statusCode, reply.body).toBeLessThan(500);
          for (const leak of LEAKS) expect(reply.body).not.toMatch(leak);
          if (reply.statusCode >= 400) {
            const parsed = reply.json();
            expect(Object.keys(parsed).sort()).toEqual(['error', 'message']);
            expect(typeof parsed.error).toBe('string');
            expect(parsed.message).toMatch(/^[A-Z].*[.!?]$/);
          }
        }),
        { numRuns: 120 },
      );
    },
  );
});
