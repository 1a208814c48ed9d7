import { afterEach, describe, expect, it } from 'vitest';
import { TcpProxy } from '../../tests/support/tcp-proxy.js';
import { buildTestApp, type TestApp } from '../test/helper.js';

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
