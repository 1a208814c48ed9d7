import { createRequire } from 'node:module';
import type * as IORedis from 'ioredis';
import type { Redis } from 'ioredis';
import { APP_PREFIX } from '../../contract/app.js';
import type { BusHandler, PushBus } from './bus.js';

export interface RedisBusOptions {
  /** Prepended to every stream name to form the Redis channel; tests pass a prefix of their own. */
  prefix?: string;
  /** Told about connection trouble; ioredis reconnects (and resubscribes) by itself. */
  onError?: (error: Error) => void;
}

// A publish is awaited by the request that caused it: it must fail fast rather than hold a reply while
// Redis is away. The subscriber may wait longer, a socket's welcome waits for it.
const PUBLISH_TIMEOUT_MS = 1000;
const SUBSCRIBE_TIMEOUT_MS = 5000;

// ioredis is loaded when REDIS_URL is set, not at every start (the cold-start figure, decision 161).
const require = createRequire(import.meta.url);

interface Channel {
  handlers: Set<BusHandler>;
  /** Settles once Redis has confirmed the SUBSCRIBE: nobody is told "subscribed" before then. */
  ready: Promise<unknown>;
}

/**
 * Redis pub/sub behind the PushBus interface, so a broadcast made on one instance reaches sockets on all.
 * Two connections, since a subscribed Redis connection can do nothing else: one publishes, one listens.
 * Each Redis channel is subscribed once per instance, however many local handlers listen on it.
 */
export class RedisBus implements PushBus {
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly prefix: string;
  private readonly channels = new Map<string, Channel>();

  constructor(url: string, { prefix = `${APP_PREFIX}:`, onError = () => {} }: RedisBusOptions = {}) {
    this.prefix = prefix;
    const { Redis } = require('ioredis') as typeof IORedis;
    this.publisher = new Redis(url, { commandTimeout: PUBLISH_TIMEOUT_MS, maxRetriesPerRequest: 1 });
    this.subscriber = new Redis(url, { commandTimeout: SUBSCRIBE_TIMEOUT_MS, autoResubscribe: true });
    // Without listeners an 'error' event would crash the process; ioredis keeps reconnecting anyway.
    this.publisher.on('error', onError);
    this.subscriber.on('error', onError);
    this.subscriber.on('message', (channel: string, payload: string) => this.deliver(channel, payload));
  }

  async publish(stream: string, message: unknown) {
    await this.publisher.publish(this.prefix + stream, JSON.stringify(message));
  }

  async subscribe(stream: string, handler: BusHandler) {
    const name = this.prefix + stream;
    let channel = this.channels.get(name);
    if (!channel) {
      const ready = this.subscriber.subscribe(name);
      channel = { handlers: new Set(), ready };
      this.channels.set(name, channel);
      ready.catch(() => {
        // A failed SUBSCRIBE leaves nothing behind, so the next subscriber tries again.
        if (this.channels.get(name) === channel && channel?.handlers.size === 0) this.channels.delete(name);
      });
    }
    channel.handlers.add(handler);
    try {
      await channel.ready;
    } catch (error) {
      this.remove(name, channel, handler);
      throw error;
    }
    return () => this.remove(name, channel, handler);
  }

  /** Answers while both connections reach Redis (the readiness check). */
  async ping() {
    await Promise.all([this.publisher.ping(), this.subscriber.ping()]);
  }

  async close() {
    this.channels.clear();
    // QUIT lets Redis finish what was sent; a connection that never came up has nothing to finish.
    await Promise.allSettled(
      [this.publisher, this.subscriber].map((redis) =>
        redis.status === 'ready' ? redis.quit() : redis.disconnect(),
      ),
    );
  }

  private remove(name: string, channel: Channel, handler: BusHandler) {
    channel.handlers.delete(handler);
    if (channel.handlers.size > 0 || this.channels.get(name) !== channel) return;
    this.channels.delete(name);
    // Redis runs commands in order on the connection, so a later SUBSCRIBE of the same name still wins.
    this.subscriber.unsubscribe(name).catch(() => {});
  }

  private deliver(name: string, payload: string) {
    const channel = this.channels.get(name);
    if (!channel) return;
    let message: unknown;
    try {
      message = JSON.parse(payload);
    } catch {
      return; // Not ours: every message this bus publishes is JSON.
    }
    for (const handler of [...channel.handlers]) {
      try {
        handler(message);
      } catch {
        // One failing subscriber must not stop delivery to the others.
      }
    }
  }
}
