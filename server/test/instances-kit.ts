import { afterEach } from 'vitest';
import { RedisBus } from '../push/redis-bus.js';
import { createSharedDatabase, listen, type ListeningApp, type SharedDatabase } from './cable-kit.js';
import type { TestDialect } from './helper.js';
import { testRedisPrefix } from './helper.js';

/** The Redis of this run (TEST_REDIS_URL); '' without one, and then tests of two instances are skipped. */
export const redisUrl = process.env.TEST_REDIS_URL ?? '';

/**
 * For a test file of apps that listen on a database of their own: `startOne`, or `startTwo` on one database
 * and one Redis as behind a load balancer; `defer` hands over a clean-up. After each test the clean-ups run,
 * last first, and the database is dropped.
 */
export function instancesKit() {
  let database: SharedDatabase | undefined;
  const cleanups: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    await database?.drop();
    database = undefined;
  });
  const defer = (cleanup: () => Promise<void> | void) => {
    cleanups.push(cleanup);
  };
  return {
    defer,
    async startOne(dialect?: TestDialect, options?: Parameters<typeof listen>[1]): Promise<ListeningApp> {
      database = await createSharedDatabase(dialect);
      const instance = await listen(database.url, options);
      defer(() => instance.close());
      return instance;
    },
    async startTwo(dialect: TestDialect): Promise<[ListeningApp, ListeningApp]> {
      database = await createSharedDatabase(dialect);
      const prefix = testRedisPrefix();
      const instances: ListeningApp[] = [];
      for (let n = 0; n < 2; n++) {
        const bus = new RedisBus(redisUrl, { prefix });
        defer(() => bus.close());
        const instance = await listen(database.url, { bus });
        defer(() => instance.close());
        instances.push(instance);
      }
      return instances as [ListeningApp, ListeningApp];
    },
  };
}
