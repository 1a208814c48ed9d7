import { Redis } from 'ioredis';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RedisBus } from './redis-bus.js';
import { testRedisPrefix } from '../test/helper.js';

const redisUrl = process.env.TEST_REDIS_URL;
const opened: RedisBus[] = [];

function openBus(prefix: string) {
  const bus = new RedisBus(redisUrl ?? '', { prefix });
  opened.push(bus);
  return bus;
}

/** Subscribes now (awaited, so nothing published after is missed); `arrived` then unsubscribes. */
async function nextMessage(bus: RedisBus, stream: string) {
  let resolve: (message: unknown) => void = () => {};
  const message = new Promise<unknown>((settle) => (resolve = settle));
  const stop = await bus.subscribe(stream, (value) => resolve(value));
  return { arrived: message.finally(stop) };
}

afterEach(async () => {
  await Promise.all(opened.splice(0).map((bus) => bus.close()));
});

describe.skipIf(!redisUrl)('RedisBus (TEST_REDIS_URL)', () => {
  it('carries a message published on one instance to the subscribers of another', async () => {
    const prefix = testRedisPrefix();
    const sender = openBus(prefix);
    const receiver = openBus(prefix);
    const received = vi.fn();
    await receiver.subscribe('account:user:1', received);
    const { arrived } = await nextMessage(receiver, 'account:user:1');
    await sender.publish('account:user:1', { event: { event: 'password_changed' }, disconnect: false });
    await expect(arrived).resolves.toEqual({ event: { event: 'password_changed' }, disconnect: false });
    expect(received).toHaveBeenCalledOnce();
  });

  it('keeps streams of other prefixes and other names apart', async () => {
    const prefix = testRedisPrefix();
    const sender = openBus(prefix);
    const stranger = openBus(testRedisPrefix());
    const neighbour = openBus(prefix);
    const wrongPrefix = vi.fn();
    const wrongStream = vi.fn();
    await stranger.subscribe('s', wrongPrefix);
    await neighbour.subscribe('t', wrongStream);
    const { arrived } = await nextMessage(neighbour, 's');
    await sender.publish('s', 1);
    await arrived;
    expect(wrongPrefix).not.toHaveBeenCalled();
    expect(wrongStream).not.toHaveBeenCalled();
  });

  it('subscribes each Redis channel once per instance and leaves it when the last handler goes', async () => {
    const prefix = testRedisPrefix();
    const bus = openBus(prefix);
    const probe = new Redis(redisUrl ?? '');
    const subscribers = async () => {
      const reply = (await probe.call('PUBSUB', 'NUMSUB', `${prefix}s`)) as [string, number];
      return Number(reply[1]);
    };
    try {
      const first = vi.fn();
      const second = vi.fn();
      const stopFirst = await bus.subscribe('s', first);
      const stopSecond = await bus.subscribe('s', second);
      expect(await subscribers()).toBe(1);

      stopFirst();
      const { arrived } = await nextMessage(bus, 's');
      await bus.publish('s', 'after');
      await arrived;
      expect(first).not.toHaveBeenCalled();
      expect(second).toHaveBeenCalledWith('after');

      stopSecond();
      await vi.waitFor(async () => expect(await subscribers()).toBe(0));
    } finally {
      probe.disconnect();
    }
  });

  it('keeps delivering when one handler throws', async () => {
    const bus = openBus(testRedisPrefix());
    await bus.subscribe('s', () => {
      throw new Error('boom');
    });
    const { arrived } = await nextMessage(bus, 's');
    await bus.publish('s', { ok: true });
    await expect(arrived).resolves.toEqual({ ok: true });
  });

  it('answers ping while Redis is reachable', async () => {
    await expect(openBus(testRedisPrefix()).ping()).resolves.toBeUndefined();
  });
});

describe('RedisBus without a reachable Redis', () => {
  it('fails a publish within about a second instead of holding the caller', async () => {
    const errors = vi.fn();
    // Port 1 on localhost refuses connections at once.
    const bus = new RedisBus('redis://127.0.0.1:1', { prefix: testRedisPrefix(), onError: errors });
    opened.push(bus);
    const started = Date.now();
    await expect(bus.publish('s', 1)).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(5000);
    expect(errors).toHaveBeenCalled();
  });
});
