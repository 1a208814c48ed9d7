import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { RedisBus } from '../push/redis-bus.js';
import {
  createSharedDatabase,
  createUser,
  listen,
  RawSocket,
  signIn,
  type ListeningApp,
  type SharedDatabase,
} from '../test/cable-kit.js';
import { testDialects } from '../test/helper.js';

const redisUrl = process.env.TEST_REDIS_URL ?? '';
const ACCOUNT = JSON.stringify({ channel: 'AccountChannel' });

let database: SharedDatabase | undefined;
const cleanups: Array<() => Promise<void> | void> = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  await database?.drop();
  database = undefined;
});

/** Two instances on one database and one Redis, as behind a load balancer. */
async function startTwo(dialect: (typeof testDialects)[number]) {
  database = await createSharedDatabase(dialect);
  const prefix = `bullapp-test:${randomBytes(6).toString('hex')}:`;
  const instances: ListeningApp[] = [];
  for (let n = 0; n < 2; n++) {
    const bus = new RedisBus(redisUrl, { prefix });
    cleanups.push(() => bus.close());
    const instance = await listen(database.url, { bus });
    cleanups.push(() => instance.close());
    instances.push(instance);
  }
  const [first, second] = instances as [ListeningApp, ListeningApp];
  const user = await createUser(first.app.database.db);
  const open = async (instance: ListeningApp) => {
    const { token } = await signIn(instance.app.database.db, user.id);
    const socket = await RawSocket.welcomed(instance.cableUrl, { token });
    cleanups.push(() => socket.close());
    await socket.subscribe(ACCOUNT);
    return socket;
  };
  return { first, second, user, open };
}

describe.skipIf(!redisUrl).each(testDialects)('two instances sharing Redis, on %s', (dialect) => {
  it('deliver a broadcast made on one instance to a socket on the other', async () => {
    const { first, second, user, open } = await startTwo(dialect);
    const onFirst = await open(first);
    const onSecond = await open(second);
    await first.app.accountEvents.sessionCreated(user.id, 'qr');
    for (const socket of [onFirst, onSecond]) {
      expect(await socket.next()).toEqual({
        identifier: ACCOUNT,
        message: { event: 'session_created', kind: 'qr' },
      });
    }
  });

  it('end the sockets on both instances when the account is deleted on one', async () => {
    const { first, second, user, open } = await startTwo(dialect);
    const onSecond = await open(second);
    await first.app.accountEvents.accountDeleted(user.id);
    expect(await onSecond.next()).toEqual({ identifier: ACCOUNT, message: { event: 'account_deleted' } });
    expect(await onSecond.next()).toEqual({
      type: 'disconnect',
      reason: 'account_deleted',
      reconnect: false,
    });
  });
});

describe.skipIf(!redisUrl)('an app with REDIS_URL', () => {
  it('broadcasts through Redis and reports Redis in /readyz', async () => {
    database = await createSharedDatabase();
    const instance = await listen(database.url, { env: { REDIS_URL: redisUrl } });
    cleanups.push(() => instance.close());
    expect(instance.app.bus).toBeInstanceOf(RedisBus);
    const ready = await instance.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'up', redis: 'up' } });
  });
});

describe('an app whose Redis does not answer', () => {
  it('reports 503 with redis down in /readyz', async () => {
    database = await createSharedDatabase();
    const instance = await listen(database.url, { env: { REDIS_URL: 'redis://127.0.0.1:1' } });
    cleanups.push(() => instance.close());
    const ready = await instance.app.inject('/readyz');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'unavailable', checks: { database: 'up', redis: 'down' } });
  });
});
