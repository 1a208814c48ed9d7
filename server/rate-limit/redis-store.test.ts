import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { RedisRateLimitStore } from './redis-store.js';

const redisUrl = process.env.TEST_REDIS_URL;

const stores: RedisRateLimitStore[] = [];
afterEach(async () => {
  await Promise.all(stores.splice(0).map((store) => store.close()));
});

function storeWithPrefix(prefix: string) {
  const store = new RedisRateLimitStore(redisUrl as string, prefix);
  stores.push(store);
  return store;
}

describe.skipIf(!redisUrl)('RedisRateLimitStore', () => {
  it('counts hits in a window that starts at the first hit, shared by every instance', async () => {
    const prefix = `bullapp-test:${randomUUID()}:`;
    const first = storeWithPrefix(prefix);
    const second = storeWithPrefix(prefix);
    expect((await first.hit('ip:1', 60_000)).count).toBe(1);
    expect((await second.hit('ip:1', 60_000)).count).toBe(2);
    const third = await first.hit('ip:1', 60_000);
    expect(third.count).toBe(3);
    expect(third.resetInMs).toBeGreaterThan(55_000);
    expect(third.resetInMs).toBeLessThanOrEqual(60_000);
    expect((await second.hit('ip:2', 60_000)).count).toBe(1);
  });

  it('starts a new window once the old one has ended', async () => {
    const store = storeWithPrefix(`bullapp-test:${randomUUID()}:`);
    await store.hit('k', 50);
    await store.hit('k', 50);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect((await store.hit('k', 50)).count).toBe(1);
  });
});
