import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const KEY = Buffer.alloc(32, 7).toString('base64');

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('loadConfig', () => {
  it('gives the documented defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      publicUrl: 'http://localhost:3000',
      appName: 'BullApp',
      appDescription: '',
      supportEmail: 'support@example.com',
      databaseUrl: 'sqlite:./data/app.sqlite',
      sqliteLocking: 'exclusive',
      redisUrl: undefined,
      smtpUrl: undefined,
      mailFrom: 'BullApp <no-reply@localhost>',
      paypal: {
        environment: 'production',
        clientId: null,
        apiBase: 'https://api-m.paypal.com',
        recommended: 'monthly',
      },
    });
  });

  it('takes APP_DESCRIPTION up to 200 characters, trimmed, and says so of a longer one', () => {
    expect(loadConfig({ APP_DESCRIPTION: '  Fresh recipes every week.  ' }).appDescription).toBe(
      'Fresh recipes every week.',
    );
    expect(problemsOf({ APP_DESCRIPTION: 'x'.repeat(201) })[0]).toMatch(
      /^APP_DESCRIPTION must be at most 200 characters/,
    );
  });

  it('takes PAYPAL_PLAN_RECOMMENDED as one of the three plans, and says so of anything else', () => {
    expect(loadConfig({ PAYPAL_PLAN_RECOMMENDED: 'two_day' }).paypal.recommended).toBe('two_day');
    expect(problemsOf({ PAYPAL_PLAN_RECOMMENDED: 'yearly' })).toEqual([
      'PAYPAL_PLAN_RECOMMENDED must be monthly, weekly or two_day (got "yearly")',
    ]);
  });

  it('derives PUBLIC_URL from PORT and MAIL_FROM from APP_NAME and the public host', () => {
    const config = loadConfig({ PORT: '8080', APP_NAME: 'Moo', PUBLIC_URL: 'https://moo.example/' });
    expect(config.publicUrl).toBe('https://moo.example');
    expect(config.mailFrom).toBe('Moo <no-reply@moo.example>');
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
  });

  it('gives the browser the client id of the chosen PayPal environment only', () => {
    const env = { PAYPAL_CLIENT_ID_SANDBOX: 'sb-id', PAYPAL_CLIENT_ID_PRODUCTION: 'live-id' };
    expect(loadConfig({ ...env, PAYPAL_ENV: 'sandbox' }).paypal).toMatchObject({
      clientId: 'sb-id',
      apiBase: 'https://api-m.sandbox.paypal.com',
    });
    expect(loadConfig(env).paypal.clientId).toBe('live-id');
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', REDIS_URL: ' ' })).toMatchObject({ port: 3000, redisUrl: undefined });
  });

  it('names every bad variable at once', () => {
    const problems = problemsOf({
      PORT: 'abc',
      DATABASE_URL: 'mysql://x',
      SUPPORT_EMAIL: 'nobody',
      PAYPAL_ENV: 'live',
      SMTP_URL: 'http://mail',
      REDIS_URL: 'localhost:6379',
      TRUST_PROXY: 'true',
    });
    const named = problems.map((problem) => problem.split(' ')[0]);
    expect(named.sort()).toEqual([
      'DATABASE_URL',
      'PAYPAL_ENV',
      'PORT',
      'REDIS_URL',
      'SMTP_URL',
      'SUPPORT_EMAIL',
      'TRUST_PROXY',
    ]);
    expect(problems.find((problem) => problem.startsWith('PORT'))).toContain('"abc"');
  });

  it.each(['0', '65536', '3.5', '-1'])('refuses PORT=%s', (port) => {
    expect(problemsOf({ PORT: port })[0]).toMatch(/^PORT must be a whole number from 1 to 65535/);
  });

  it('takes SQLITE_LOCKING exclusive or normal, and says so of anything else', () => {
    expect(loadConfig({ SQLITE_LOCKING: 'normal' }).sqliteLocking).toBe('normal');
    expect(problemsOf({ SQLITE_LOCKING: 'shared' })).toEqual([
      'SQLITE_LOCKING must be exclusive or normal (got "shared")',
    ]);
  });

  it('accepts sqlite:, file: and postgres URLs', () => {
    for (const url of ['sqlite:/tmp/a.sqlite', 'file:./b.db', 'postgres://u@h/db', 'postgresql://u@h/db']) {
      expect(loadConfig({ DATABASE_URL: url, APP_KEYS: KEY }).databaseUrl).toBe(url);
    }
  });

  it('asks for APP_KEYS with PostgreSQL, in a sentence, beside every other bad variable', () => {
    expect(problemsOf({ DATABASE_URL: 'postgres://u@h/db', PORT: 'abc' })).toEqual([
      'PORT must be a whole number from 1 to 65535 (got "abc")',
      'APP_KEYS must be set when DATABASE_URL is PostgreSQL: the keys that seal two-step secrets and key audit subjects never live in the database (docs/operations.md, "Keys")',
    ]);
  });

  it('keeps the keys of an SQLite file in a key file beside it, unless APP_KEYS is set', () => {
    expect(loadConfig({ DATABASE_URL: 'sqlite:/srv/app.sqlite' })).toMatchObject({
      appKeys: undefined,
      appKeysFile: '/srv/app.sqlite.keys',
    });
    expect(loadConfig({}).appKeysFile).toBe('./data/app.sqlite.keys');
    expect(loadConfig({ DATABASE_URL: 'sqlite::memory:' }).appKeysFile).toBeNull();
    expect(loadConfig({ APP_KEYS: `${KEY}, ${KEY}` }).appKeys).toBe(`${KEY}, ${KEY}`);
  });

  it.each(['short', 'not a key at all', `${'A'.repeat(43)},`.repeat(1) + 'x'])(
    'refuses APP_KEYS=%s',
    (keys) => {
      expect(problemsOf({ APP_KEYS: keys })[0]).toMatch(
        /^APP_KEYS must be a comma-separated list of keys, each 32 random bytes in base64/,
      );
    },
  );

  it('refuses TRUST_PROXY=true, saying what to set instead', () => {
    expect(problemsOf({ TRUST_PROXY: 'true' })).toEqual([
      'TRUST_PROXY must be a hop count (1 behind one load balancer) or a comma-separated list of proxy ' +
        'addresses or CIDR ranges (e.g. 10.0.0.0/8); "true" would trust any X-Forwarded-For address a ' +
        'client writes (got "true")',
    ]);
  });

  it('reads TRUST_PROXY as a hop count or a list of proxies, trusting none when unset', () => {
    expect(loadConfig({}).trustProxy).toEqual({ none: true });
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toEqual({ hops: 1 });
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8,10.1.0.4' }).trustProxy).toEqual({
      addresses: ['10.0.0.0/8', '10.1.0.4'],
    });
  });
});
