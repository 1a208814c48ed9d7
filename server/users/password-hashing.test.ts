import { availableParallelism } from 'node:os';
import { hash, parseOptions } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, verifyDummyPassword, verifyPassword } from './password-hashing.js';

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

  it('answers every one of a burst of hashes and verifications right, more of them than cores', async () => {
    const stored = await hashPassword('correct horse battery');
    const together = Array.from({ length: 2 * availableParallelism() + 1 }, (_, n) =>
      n % 2 === 0
        ? verifyPassword(stored, n % 4 === 0 ? 'correct horse battery' : 'wrong')
        : hashPassword('another one'),
    );
    const answers = await Promise.all(together);
    answers.forEach((answer, n) => {
      if (n % 2 === 1) expect(answer).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      else expect(answer).toBe(n % 4 === 0);
    });
  });
});
