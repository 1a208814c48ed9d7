import type { RateLimitStore } from '../rate-limit/rate-limit-store.js';

/** A rate-limit store that lets every hit through and keeps the key of each, in order. */
export function recordingStore() {
  const keys: string[] = [];
  const store: RateLimitStore = {
    hit: async (key) => {
      keys.push(key);
      return { count: 1, resetInMs: 1000 };
    },
    peek: async () => 0,
    reset: async () => {},
    close: async () => {},
  };
  return { keys, store };
}
