import { createHash, createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MemoryRateLimitStore } from './memory-store.js';
import type { RateLimitStore } from './rate-limit-store.js';
import { DEFAULT_RATE_LIMITS, RateLimiter } from './rate-limits.js';
import { recordingStore } from '../test/recording-store.js';

describe('MemoryRateLimitStore', () => {
  it('counts hits in a fixed window that starts at the first hit, then starts over', async () => {
    let now = 1_000_000;
    const store = new MemoryRateLimitStore(() => now);
    expect(await store.hit('k', 10_000)).toEqual({ count: 1, resetInMs: 10_000 });
    now += 4_000;
    expect(await store.hit('k', 10_000)).toEqual({ count: 2, resetInMs: 6_000 });
    expect(await store.hit('other', 10_000)).toEqual({ count: 1, resetInMs: 10_000 });
    now += 6_000;
    expect(await store.hit('k', 10_000)).toEqual({ count: 1, resetInMs: 10_000 });
    await store.close();
  });

  it('forgets ended windows when it sweeps', async () => {
    let now = 0;
    const store = new MemoryRateLimitStore(() => now);
    await store.hit('a', 1_000);
    await store.hit('b', 5_000);
    now = 2_000;
    store.sweep();
    expect(store.size).toBe(1);
    await store.close();
  });
});

function keyedLimiter(store: RateLimitStore = new MemoryRateLimitStore(), settings = {}) {
  const limiter = new RateLimiter(store, settings);
  limiter.useKey(randomBytes(32));
  return limiter;
}

describe('RateLimiter', () => {
  it('lets the limit through and refuses the next hit with 429 and Retry-After', async () => {
    const limiter = keyedLimiter(new MemoryRateLimitStore(), { signInPerIp: { limit: 2, windowMs: 90_000 } });
    await limiter.check('signInPerIp', '10.0.0.1');
    await limiter.check('signInPerIp', '10.0.0.1');
    await expect(limiter.check('signInPerIp', '10.0.0.1')).rejects.toMatchObject({
      status: 429,
      code: 'too_many_requests',
      message: 'Too many attempts. Please wait 2 minutes and try again.',
      headers: { 'retry-after': '90' },
    });
    await limiter.check('signInPerIp', '10.0.0.2');
    // Rules count apart: the same subject under another rule starts at zero.
    await limiter.check('signInPerAccount', '10.0.0.1');
    await limiter.close();
  });

  it('keeps defaults for the rules not overridden', () => {
    const limiter = new RateLimiter(new MemoryRateLimitStore(), { resetPerIp: { limit: 1, windowMs: 1000 } });
    expect(limiter.settings.resetPerIp).toEqual({ limit: 1, windowMs: 1000 });
    expect(limiter.settings.signInPerAccount).toEqual(DEFAULT_RATE_LIMITS.signInPerAccount);
    void limiter.close();
  });

  it('hands the store keys made with the app secret, never an e-mail, an IP address or a plain hash of one', async () => {
    const { keys, store } = recordingStore();
    const key = randomBytes(32);
    const limiter = new RateLimiter(store);
    limiter.useKey(key);
    await limiter.check('resetPerEmail', 'ada@example.com');
    await limiter.check('resetPerIp', '203.0.113.9');
    const hmac = createHmac('sha256', key).update('ada@example.com').digest('base64url');
    expect(keys[0]).toBe(`bullapp:rate:resetPerEmail:${hmac}`);
    expect(keys.join()).not.toContain('ada@');
    expect(keys.join()).not.toContain('203.0.113.9');
    const plain = (text: string) => createHash('sha256').update(text).digest('base64url');
    expect(keys.join()).not.toContain(plain('ada@example.com'));
    expect(keys.join()).not.toContain(plain('203.0.113.9'));
  });

  it('refuses to count before it has the key', async () => {
    const limiter = new RateLimiter(new MemoryRateLimitStore());
    await expect(limiter.check('resetPerIp', '203.0.113.9')).rejects.toThrow('not loaded');
    await limiter.close();
  });
});
