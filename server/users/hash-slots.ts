import { availableParallelism } from 'node:os';

/**
 * Runs at most `size` pieces of work at once, the rest waiting their turn in the order they came (decision
 * 207): argon2's memory-hard hashes run faster one per core than several per core.
 */
export function createSlots(size: number) {
  let free = size;
  const waiting: (() => void)[] = [];
  return async function inSlot<T>(work: () => Promise<T>): Promise<T> {
    if (free > 0) free -= 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else free += 1;
    }
  };
}

/** One slot per core for the whole process, as libuv's thread pool is one per process. */
export const inHashSlot = createSlots(availableParallelism());
