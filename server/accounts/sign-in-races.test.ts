import { hash } from '@node-rs/argon2';
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bearer, meStatus, signUpUser, STRONG_PASSWORD } from '../test/accounts.js';
import { buildTestApp, testDialects, type TestApp } from '../test/helper.js';
import type * as PasswordHashing from '../users/password-hashing.js';

/**
 * Gates in the argon2 steps: the test decides when the next re-hash (`rehash`) or password verification
 * (`verify`) at sign-in finishes. `passes` waits at an armed gate, once.
 */
const gates = vi.hoisted(() => {
  const gate = () => ({ armed: false, reached: () => {}, release: Promise.resolve() });
  const passes = async (at: ReturnType<typeof gate>) => {
    if (!at.armed) return;
    at.armed = false;
    at.reached();
    await at.release;
  };
  return { rehash: gate(), verify: gate(), passes };
});

vi.mock('../users/password-hashing.js', async (importOriginal) => {
  const real = await importOriginal<typeof PasswordHashing>();
  return {
    ...real,
    verifyPassword: async (stored: string, password: string) => {
      const valid = await real.verifyPassword(stored, password);
      await gates.passes(gates.verify);
      return valid;
    },
    hashPassword: async (password: string) => {
      const hashed = await real.hashPassword(password);
      await gates.passes(gates.rehash);
      return hashed;
    },
  };
});

let current: TestApp | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await current?.close();
  current = undefined;
});

const NEW_PASSWORD = 'lantern orchard evening';
type App = TestApp['app'];

const login = (app: App, password: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/login',
    payload: { session: { email: 'ada@example.com', password } },
  });

const changePassword = (app: App, token: string) =>
  app.inject({
    method: 'PUT',
    url: '/api/v2/change_password',
    headers: bearer(token),
    payload: { current_password: STRONG_PASSWORD, password: NEW_PASSWORD },
  });

function deferred() {
  let resolve: () => void = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/**
 * A sign-in with the old password, held at `gate` while the owner changes the password, then let go: its
 * reply.
 */
async function signInAcrossAChangeAt(gate: typeof gates.rehash, app: App, token: string) {
  const reached = deferred();
  const release = deferred();
  Object.assign(gate, { armed: true, reached: reached.resolve, release: release.promise });
  const signIn = login(app, STRONG_PASSWORD);
  await reached.promise;
  expect((await changePassword(app, token)).statusCode).toBe(204);
  release.resolve();
  return signIn;
}

/** After the race: the old password and any token it won are dead, the new password works. */
async function expectOnlyTheNewPassword(app: App, signIn: Awaited<ReturnType<typeof login>>) {
  if (signIn.statusCode === 200) expect(await meStatus(app, signIn.json().auth_token)).toBe(401);
  else expect(signIn.statusCode).toBe(401);
  expect((await login(app, STRONG_PASSWORD)).statusCode).toBe(401);
  expect((await login(app, NEW_PASSWORD)).statusCode).toBe(200);
}

describe.each(testDialects)('a sign-in with the old password racing a password change on %s', (dialect) => {
  it('does not put the old password back when the change commits while its outdated hash is re-hashed', async () => {
    current = await buildTestApp({ dialect });
    const { app } = current;
    const owner = await signUpUser(app);
    const outdated = await hash(STRONG_PASSWORD, { memoryCost: 4096, timeCost: 1, parallelism: 1 });
    await app.database.db.updateTable('users').set({ password_hash: outdated }).execute();

    const signIn = await signInAcrossAChangeAt(gates.rehash, app, owner.auth_token);
    await expectOnlyTheNewPassword(app, signIn);
  });
});

describe.each(testDialects)('a sign-in whose password is changed while it is checked, on %s', (dialect) => {
  it('answers 401 and leaves no device cookie, neither on the reply nor in the database', async () => {
    current = await buildTestApp({ dialect });
    const { app } = current;
    const owner = await signUpUser(app);
    const refused = await signInAcrossAChangeAt(gates.verify, app, owner.auth_token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error).toBe('invalid_credentials');
    expect(String(refused.headers['set-cookie'] ?? '')).not.toContain('bullapp_device=');
    expect(await app.database.db.selectFrom('device_cookies').select('id').execute()).toEqual([]);
    // The same browser's next sign-in, with the new password, is remembered: the cookie and its one row.
    const signedIn = await login(app, NEW_PASSWORD);
    expect(signedIn.statusCode).toBe(200);
    expect(String(signedIn.headers['set-cookie'] ?? '')).toContain('bullapp_device=');
    expect(await app.database.db.selectFrom('device_cookies').select('id').execute()).toHaveLength(1);
  });
});

// SQLite runs one transaction at a time on its one connection, so a change cannot commit inside a sign-in's
// transaction there; on PostgreSQL it could, until the sign-in held the user's row.
describe.each(testDialects.filter((dialect) => dialect === 'postgres'))(
  'a sign-in transaction racing a password change on %s',
  (dialect) => {
    it('gets no session that outlives the change', async () => {
      current = await buildTestApp({ dialect });
      const { app } = current;
      const owner = await signUpUser(app);
      const record = app.ctx.audit.record.bind(app.ctx.audit);
      const paused = deferred();
      const release = deferred();
      let signInPid = 0;
      vi.spyOn(app.ctx.audit, 'record').mockImplementation(async (db, event) => {
        if (event.event === 'sign_in') {
          // Inside the sign-in's transaction, its session inserted and not yet committed.
          signInPid = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db)).rows[0]!.pid;
          paused.resolve();
          await release.promise;
        }
        return record(db, event);
      });

      const signIn = login(app, STRONG_PASSWORD);
      await paused.promise;
      let changed = false;
      const change = changePassword(app, owner.auth_token).then((reply) => {
        changed = true;
        return reply;
      });
      // Deterministic, not timed: go on once the change has committed, or is waiting for the sign-in's lock.
      const blockedBySignIn = async () => {
        const { rows } = await sql<{ n: number }>`
          select count(*)::int as n from pg_stat_activity where ${signInPid} = any(pg_blocking_pids(pid))`.execute(
          app.database.db,
        );
        return rows[0]!.n > 0;
      };
      while (!changed && !(await blockedBySignIn())) await new Promise((resolve) => setTimeout(resolve, 20));
      release.resolve();
      expect((await change).statusCode).toBe(204);
      await expectOnlyTheNewPassword(app, await signIn);
    });
  },
);
