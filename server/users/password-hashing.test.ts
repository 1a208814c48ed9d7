import { availableParallelism } from 'node:os';
import type * as Argon2 from '@node-rs/argon2';
import { hash, parseOptions } from '@node-rs/argon2';
import { describe, expect, it, vi } from 'vitest';
import { hashPassword, needsRehash, verifyDummyPassword, verifyPassword } from './password-hashing.js';

/** How many real argon2 calls are running, and the most there ever were at once. */
const argon2Calls = vi.hoisted(() => ({ running: 0, most: 0 }));

vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof Argon2>();
  const counted =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    async (...args: A) => {
      argon2Calls.running += 1;
      argon2Calls.most = Math.max(argon2Calls.most, argon2Calls.running);
      try {
        return await call(...args);
      } finally {
        argon2Calls.running -= 1;
      }
    };
  return { ...real, hash: counted(real.hash), verify: counted(real.verify) };
});

describe('password hashing', () => {
  it('stores argon2id with m=19456, t=2, p=1 as a PHC string', async () => {
    const stored = await hashPassword('correct horse battery');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(parseOptions(stored)).toMatchObject({ memoryCost: 19456, timeCost: 2, parallelism: 1 });
    expect(stored).not.toContain('correct horse battery');
  });

  it('verifies the right password and refuses any other', async () => {
    const stored = await hashPassword('correct horse battery');
    expect(await verifyPassword(stored, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(stored, 'correct horse batter')).toBe(false);
    expect(await verifyPassword(stored, 'Correct horse battery')).toBe(false);
  });

  it('accepts the same password typed in another Unicode form', async () => {
    const composed = 'caf\u00e9 au lait';
    const decomposed = 'cafe\u0301 au lait';
    expect(await verifyPassword(await hashPassword(composed), decomposed)).toBe(true);
  });

  it('answers false, not an error, for a stored hash it cannot read', async () => {
    expect(await verifyPassword('not-a-hash', 'whatever1')).toBe(false);
    expect(needsRehash('not-a-hash')).toBe(true);
  });

  it('asks for a rehash only when the stored parameters differ from today’s', async () => {
    expect(needsRehash(await hashPassword('correct horse battery'))).toBe(false);
    const weaker = await hash('correct horse battery', { memoryCost: 4096, timeCost: 1, parallelism: 1 });
    expect(needsRehash(weaker)).toBe(true);
    expect(await verifyPassword(weaker, 'correct horse battery')).toBe(true);
  });

  it('spends a dummy verification that always fails', async () => {
    expect(await verifyDummyPassword('anything at all')).toBe(false);
  });

  it('runs at most one hash or verification per core at once, however many sign-ins ask together', async () => {
    const stored = await hashPassword('correct horse battery');
    argon2Calls.most = 0;
    const cores = availableParallelism();
    const together = Array.from({ length: 2 * cores + 1 }, (_, n) =>
      n % 2 === 0 ? verifyPassword(stored, 'correct horse battery') : hashPassword('another one'),
    );
    await Promise.all(together);
    expect(argon2Calls.most).toBe(cores);
    expect(argon2Calls.running).toBe(0);
  });
});
