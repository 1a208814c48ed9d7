import { afterEach, describe, expect, it } from 'vitest';
import { TcpProxy } from '../../tests/support/tcp-proxy.js';
import { buildTestApp, type TestApp, testRedisPrefix } from '../test/helper.js';

const postgresUrl = process.env.TEST_DATABASE_URL;

let current: TestApp | undefined;
let proxy: TcpProxy | undefined;
afterEach(async () => {
  await current?.close();
  await proxy?.stop();
  current = undefined;
  proxy = undefined;
});

describe.skipIf(!postgresUrl)('when PostgreSQL goes away and comes back', () => {
  it('answers 503 naming the database, reports it on /readyz, and recovers by itself', async () => {
    proxy = TcpProxy.forUrl(postgresUrl as string);
    await proxy.start();
    const through = proxy;
    current = await buildTestApp({ dialect: 'postgres', rewriteDatabaseUrl: (url) => through.rewrite(url) });
    const { app } = current;
    app.get('/api/test/users', async () => ({
      count: (await app.database.db.selectFrom('users').select('id').execute()).length,
    }));
    expect((await app.inject('/api/test/users')).json()).toEqual({ count: 0 });

    await through.cut();
    const down = await app.inject('/api/test/users');
    expect(down.statusCode).toBe(503);
    expect(down.headers['retry-after']).toBe('5');
    expect(down.json()).toEqual({
      error: 'database_unavailable',
      message: "We can't reach our database right now. Please try again in a moment.",
    });
    const notReady = await app.inject('/readyz');
    expect(notReady.statusCode).toBe(503);
    expect(notReady.json()).toEqual({ status: 'unavailable', checks: { database: 'down' } });

    await through.restore();
    expect((await app.inject('/api/test/users')).json()).toEqual({ count: 0 });
    expect((await app.inject('/readyz')).statusCode).toBe(200);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

async function eventually<T>(probe: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  let value = await probe();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await probe();
  }
  return value;
}

describe.skipIf(!redisUrl)('when Redis goes away and comes back', () => {
  it('answers 503 naming Redis, reports it on /readyz, and recovers by itself', async () => {
    proxy = TcpProxy.forUrl(redisUrl as string);
    await proxy.start();
    const through = proxy;
    current = await buildTestApp({
      env: { REDIS_URL: through.rewrite(redisUrl as string), REDIS_KEY_PREFIX: testRedisPrefix() },
    });
    const { app } = current;
    const signIn = () =>
      app.inject({
        method: 'POST',
        url: '/api/v1/login',
        payload: { session: { email: 'nobody@example.com', password: 'not the password' } },
      });
    expect((await signIn()).statusCode).toBe(401);
    expect((await app.inject('/readyz')).json()).toEqual({
      status: 'ready',
      checks: { database: 'up', redis: 'up' },
    });

    await through.cut();
    const down = await signIn();
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({
      error: 'redis_unavailable',
      message: "We can't reach our session store right now. Please try again in a moment.",
    });
    const notReady = await app.inject('/readyz');
    expect(notReady.statusCode).toBe(503);
    expect(notReady.json()).toEqual({ status: 'unavailable', checks: { database: 'up', redis: 'down' } });

    await through.restore();
    const ready = await eventually(
      () => app.inject('/readyz'),
      (reply) => reply.statusCode === 200,
    );
    expect(ready.statusCode).toBe(200);
    expect((await signIn()).statusCode).toBe(401);
  });
});
