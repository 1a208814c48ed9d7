/** One fixed-window counter after a hit: how many hits the window holds, and when it ends. */
export interface WindowCount {
  count: number;
  resetInMs: number;
}

/**
 * Where rate-limit counters live: in memory on one machine, in Redis when instances share them
 * (INCR + PEXPIRE NX + PTTL is the whole of it). Keys arrive already prefixed and hashed.
 */
export interface RateLimitStore {
  /** Counts one hit on `key` in its current window (which starts at the first hit and lasts `windowMs`). */
  hit(key: string, windowMs: number): Promise<WindowCount>;
  /** How many hits the key's current window holds (0 when none is open), counting nothing. */
  peek(key: string): Promise<number>;
  /** Forgets the key's window (a completed password reset clears an account's counters). */
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}
