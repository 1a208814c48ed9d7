import { afterEach, describe, expect, it, vi } from 'vitest';
import { signUpUser } from '../test/accounts.js';
import { buildTestApp, type TestApp } from '../test/helper.js';
import type * as HashPool from '../users/hash-pool.js';

// Counts the real argon2 verifications sent to the hash threads: the reply time of sign-in is theirs, so
// equal counts mean equal time.
const argon2 = vi.hoisted(() => ({ verifications: 0 }));
vi.mock('../users/hash-pool.js', async (importOriginal) => {
  const original = await importOriginal<typeof HashPool>();
  return {
    ...original,
    onHashThread: (...args: Parameters<typeof original.onHashThread>) => {
      if (args[0] === 'verify') argon2.verifications += 1;
      return original.onHashThread(...args);
    },
  };
});

let current: TestApp | undefined;
afterEach(async () => {
  await current?.close();
  current = undefined;
});

async function verificationsFor(app: TestApp['app'], url: string, payload: object) {
  const before = argon2.verifications;
  await app.inject({ method: 'POST', url, payload });
  return argon2.verifications - before;
}

describe('work spent on an unknown e-mail', () => {
  it('is one full argon2 verification, as for a wrong password, on sign-in and on deletion', async () => {
    current = await buildTestApp();
    const { app } = current;
    await signUpUser(app);
    const wrong = { email: 'ada@example.com', password: 'not the password' };
    const unknown = { email: 'nobody@example.com', password: 'not the password' };
    expect(await verificationsFor(app, '/api/v1/login', { session: wrong })).toBe(1);
    expect(await verificationsFor(app, '/api/v1/login', { session: unknown })).toBe(1);
    expect(await verificationsFor(app, '/api/v1/delete_user_with_token', wrong)).toBe(1);
    expect(await verificationsFor(app, '/api/v1/delete_user_with_token', unknown)).toBe(1);
  });
});
