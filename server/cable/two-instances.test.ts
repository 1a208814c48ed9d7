import { describe, expect, it } from 'vitest';
import { RedisBus } from '../push/redis-bus.js';
import {
  createSharedDatabase,
  createUser,
  listen,
  RawSocket,
  signIn,
  type ListeningApp,
} from '../test/cable-kit.js';
import { testDialects, testRedisPrefix } from '../test/helper.js';
import { instancesKit, redisUrl } from '../test/instances-kit.js';

const ACCOUNT = JSON.stringify({ channel: 'AccountChannel' });
const { defer, startOne, startTwo: startInstances } = instancesKit();

/** Two instances on one database and one Redis, as behind a load balancer. */
async function startTwo(dialect: (typeof testDialects)[number]) {
  const [first, second] = await startInstances(dialect);
  const user = await createUser(first.app.database.db);
  const open = async (instance: ListeningApp) => {
    const { token } = await signIn(instance.app.database.db, user.id);
    const socket = await RawSocket.welcomed(instance.cableUrl, { token });
    defer(() => socket.close());
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
    await first.app.ctx.events.sessionCreated(user.id, 'qr');
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
    await first.app.ctx.events.accountDeleted(user.id);
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
    const instance = await startOne(undefined, { env: { REDIS_URL: redisUrl } });
    expect(instance.app.ctx.bus).toBeInstanceOf(RedisBus);
    const ready = await instance.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'up', redis: 'up' } });
  });
});

describe('an app whose Redis does not answer', () => {
  it('reports 503 with redis down in /readyz', async () => {
    const instance = await startOne(undefined, { env: { REDIS_URL: 'redis://127.0.0.1:1' } });
    const ready = await instance.app.inject('/readyz');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'unavailable', checks: { database: 'up', redis: 'down' } });
  });
});

describe.skipIf(!redisUrl).each(testDialects)('the push-socket cap per session, on %s', (dialect) => {
  it('holds across two instances sharing Redis: 20 in all, not 20 on each', async () => {
    const database = await createSharedDatabase(dialect);
    defer(() => database.drop());
    const env = { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: testRedisPrefix() };
    const instances: ListeningApp[] = [];
    for (let n = 0; n < 2; n++) {
      const bus = new RedisBus(redisUrl, { prefix: env.REDIS_KEY_PREFIX });
      defer(() => bus.close());
      const instance = await listen(database.url, { bus, env });
      defer(() => instance.close());
      instances.push(instance);
    }
    const [first, second] = instances as [ListeningApp, ListeningApp];
    const user = await createUser(first.app.database.db);
    const { token } = await signIn(first.app.database.db, user.id);
    const open: RawSocket[] = [];
    for (let n = 0; n < 20; n += 1) {
      const socket = await RawSocket.welcomed((n % 2 ? second : first).cableUrl, { token });
      defer(() => socket.close());
      open.push(socket);
    }
    for (const instance of [first, second]) {
      const extra = await RawSocket.open(instance.cableUrl, { token });
      defer(() => extra.close());
      expect(await extra.next()).toEqual({
        type: 'disconnect',
        reason: 'too_many_connections',
        reconnect: false,
      });
    }
    // A socket closed on one instance frees a place on the other.
    open[0]!.close();
    await open[0]!.closed;
    const reopen = async () => {
      const socket = await RawSocket.open(second.cableUrl, { token });
      defer(() => socket.close());
      return (await socket.next()).type;
    };
    await expect.poll(reopen).toBe('welcome');
  });
});
