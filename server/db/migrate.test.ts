import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, testDialects, type TestApp } from '../test/helper.js';
import { insertTestUser } from '../test/fixtures.js';

let current: TestApp | undefined;
afterEach(async () => {
  await current?.close();
  current = undefined;
});

describe.each(testDialects)('the schema on %s', (dialect) => {
  it('creates every table of the design, and deleting a user removes its rows', async () => {
    current = await buildTestApp({ dialect });
    await current.app.ready();
    const { db } = current.app.database;
    const now = new Date().toISOString();
    const user = await insertTestUser(db, { email: 'a@example.com' });
    await db
      .insertInto('sessions')
      .values({
        user_id: user.id,
        token_hash: 'h1',
        created_at: now,
        last_used_at: now,
        expires_at: now,
        user_agent: null,
        kind: 'password',
        pending: 0,
        public_id: 'p1',
      })
      .execute();
    await db
      .insertInto('password_resets')
      .values({ user_id: user.id, token_hash: 'h2', created_at: now, expires_at: now, used_at: null })
      .execute();
    await db
      .insertInto('audit_events')
      .values({ at: now, event: 'sign_in', subject: 'k', ip: null })
      .execute();

    await db.deleteFrom('users').where('id', '=', user.id).execute();
    expect(await db.selectFrom('sessions').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('password_resets').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('audit_events').selectAll().execute()).toHaveLength(1);
  });

  it('refuses a second user with the same e-mail', async () => {
    current = await buildTestApp({ dialect });
    await current.app.ready();
    const { db } = current.app.database;
    const now = new Date().toISOString();
    const row = {
      email: 'b@example.com',
      password_hash: 'x',
      role: 0,
      created_at: now,
      updated_at: now,
      password_changed_at: now,
    };
    await db.insertInto('users').values(row).execute();
    await expect(db.insertInto('users').values(row).execute()).rejects.toThrow();
  });
});
