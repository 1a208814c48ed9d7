import { randomBytes, randomFillSync } from 'node:crypto';

/** Random bytes drawn from the system's CSPRNG this many at a time (docs/decisions/202). */
const POOL_BYTES = 4096;

const pool = Buffer.alloc(POOL_BYTES);
let next = POOL_BYTES;

/**
 * `bytes` random bytes in base64url, for tokens and ids. Each `randomBytes` call builds a crypto job
 * object and asks OpenSSL's generator for a few bytes (about 5 µs here, three times a sign-in); this draws
 * them from a pool that one call refills, as Node's own `randomUUID` does. Bytes handed out are zeroed in
 * the pool at once, so it never holds a token that has been issued.
 */
export function randomText(bytes: number): string {
  if (bytes > POOL_BYTES) return randomBytes(bytes).toString('base64url');
  if (next + bytes > POOL_BYTES) {
    randomFillSync(pool);
    next = 0;
  }
  const text = pool.toString('base64url', next, next + bytes);
  pool.fill(0, next, next + bytes);
  next += bytes;
  return text;
}
