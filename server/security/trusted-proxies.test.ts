import { afterEach, describe, expect, it } from 'vitest';
import { dumpDatabase } from '../test/accounts.js';
import { buildTestApp, testDialects, type TestApp, testRedisPrefix } from '../test/helper.js';
import { parseTrustedProxies } from './trusted-proxies.js';

describe('parseTrustedProxies', () => {
  it('reads a hop count, a list of addresses and CIDR ranges, or nothing', () => {
    expect(parseTrustedProxies(undefined)).toEqual({ none: true });
    expect(parseTrustedProxies('false')).toEqual({ none: true });
    expect(parseTrustedProxies('0')).toEqual({ none: true });
    expect(parseTrustedProxies('2')).toEqual({ hops: 2 });
    expect(parseTrustedProxies(' 10.0.0.0/8, 192.0.2.7 ,fd00::/8,::1,loopback')).toEqual({
      addresses: ['10.0.0.0/8', '192.0.2.7', 'fd00::/8', '::1', 'loopback'],
    });
  });

  it('refuses a bare true and anything that is not an address', () => {
    for (const bad of [
      'true',
      'yes',
      '-1',
      '1.5',
      '10.0.0.0/33',
      'fd00::/129',
      '10.0.0.1/8/2',
      'lb.local',
      ',',
    ])
      expect(parseTrustedProxies(bad), bad).toBeNull();
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
const BALANCER = '10.0.0.2';
const REAL_CLIENT = '198.51.100.7';

let current: TestApp | undefined;
afterEach(async () => {
  await current?.close();
  current = undefined;
});

/** Throttles and audit with Redis counters too when a test Redis is there (as on many machines). */
const stores = redisUrl ? (['memory', 'redis'] as const) : (['memory'] as const);

describe.each(testDialects)('client addresses behind a proxy on %s', (dialect) => {
  async function start(trustProxy: string, store: (typeof stores)[number]) {
    current = await buildTestApp({
      dialect,
      env: {
        TRUST_PROXY: trustProxy,
        ...(store === 'redis' ? { REDIS_URL: redisUrl!, REDIS_KEY_PREFIX: testRedisPrefix() } : {}),
      },
      rateLimits: { settings: { signInPerIp: { limit: 3, windowMs: 60_000 } } },
    });
    return current.app;
  }

  // Each attempt names another account and forges another first entry; the balancer appends the real peer.
  const signInThroughBalancer = (app: TestApp['app'], n: number, forwardedFor: string, peer = BALANCER) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/login',
      remoteAddress: peer,
      headers: { 'x-forwarded-for': forwardedFor },
      payload: { session: { email: `person${n}@example.com`, password: 'not the password' } },
    });

  it.each(stores)(
    'with TRUST_PROXY=1 takes the address the balancer appended: a forged first entry neither escapes the sign-in throttle nor reaches the audit log (%s counters)',
    async (store) => {
      const app = await start('1', store);
      for (let n = 0; n < 3; n += 1) {
        const reply = await signInThroughBalancer(app, n, `203.0.113.${n + 1}, ${REAL_CLIENT}`);
        expect(reply.statusCode).toBe(401);
      }
      const throttled = await signInThroughBalancer(app, 3, `203.0.113.99, ${REAL_CLIENT}`);
      expect(throttled.statusCode).toBe(429);
      // Another real client behind the same balancer is not throttled.
      expect((await signInThroughBalancer(app, 4, `203.0.113.1, 198.51.100.8`)).statusCode).toBe(401);

      const { audit_events } = await dumpDatabase(app);
      const failures = audit_events.filter((event) => event.event === 'sign_in_failed');
      expect(failures.map((event) => event.ip)).toEqual([
        REAL_CLIENT,
        REAL_CLIENT,
        REAL_CLIENT,
        '198.51.100.8',
      ]);
    },
  );

  it('with a list of proxy ranges skips every trusted hop and takes the right-most untrusted address', async () => {
    const app = await start('10.0.0.0/8, 192.0.2.1', 'memory');
    await signInThroughBalancer(app, 0, `203.0.113.5, ${REAL_CLIENT}, 192.0.2.1, 10.1.2.3`);
    // Not sent by a trusted proxy: X-Forwarded-For is the client's own writing and is ignored.
    await signInThroughBalancer(app, 1, `203.0.113.5, ${REAL_CLIENT}`, '203.0.113.200');
    const { audit_events } = await dumpDatabase(app);
    expect(audit_events.map((event) => event.ip)).toEqual([REAL_CLIENT, '203.0.113.200']);
  });

  it('without TRUST_PROXY ignores X-Forwarded-For', async () => {
    const app = await start('', 'memory');
    await signInThroughBalancer(app, 0, `203.0.113.5, ${REAL_CLIENT}`);
    const { audit_events } = await dumpDatabase(app);
    expect(audit_events.map((event) => event.ip)).toEqual([BALANCER]);
  });
});
