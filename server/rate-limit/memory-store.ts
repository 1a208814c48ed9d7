import type { RateLimitStore, WindowCount } from './rate-limit-store.js';

const SWEEP_EVERY_MS = 60_000;

/** Counters of one process. Ended windows are swept once a minute so memory stays bounded by live keys. */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly now: () => number = Date.now) {
    this.sweeper = setInterval(() => this.sweep(), SWEEP_EVERY_MS);
    this.sweeper.unref();
  }

  async hit(key: string, windowMs: number): Promise<WindowCount> {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || window.endsAt <= now) {
      window = { count: 0, endsAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return { count: window.count, resetInMs: window.endsAt - now };
  }

  async peek(key: string): Promise<number> {
    const window = this.windows.get(key);
    return window && window.endsAt > this.now() ? window.count : 0;
  }

  async reset(key: string) {
    this.windows.delete(key);
  }

  get size() {
    return this.windows.size;
  }

  sweep() {
    const now = this.now();
    for (const [key, window] of this.windows) if (window.endsAt <= now) this.windows.delete(key);
  }

  async close() {
    clearInterval(this.sweeper);
    this.windows.clear();
  }
}
