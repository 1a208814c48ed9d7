import { describe, expect, it } from 'vitest';
import { RedisBus } from '../push/redis-bus.js';
import { createUser, RawSocket, signIn, type ListeningApp } from '../test/cable-kit.js';
import { testDialects } from '../test/helper.js';
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
