import { afterEach, describe, expect, it } from 'vitest';
import { createSession } from '../sessions/sessions.service.js';
import { signUpUser } from '../test/accounts.js';
import { buildTestApp, testDialects, type TestApp } from '../test/helper.js';
import { insertTestUser } from '../test/fixtures.js';

let current: TestApp | undefined;
afterEach(async () => {
  await current?.close();
  current = undefined;
});

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

describe.each(testDialects)('housekeeping on %s', (dialect) => {
  it('deletes expired sessions and reset links, and keeps live ones', async () => {
    current = await buildTestApp({ dialect });
    const { app } = current;
    const { db } = app.database;
    const user = await signUpUser(app);
    const expired = await createSession(db, { userId: user.id, kind: 'qr', pending: true });
    await db
      .updateTable('sessions')
      .set({ expires_at: minutesAgo(1) })
      .where('id', '=', expired.session.id)
      .execute();
    await db
      .insertInto('password_resets')
      .values([
        {
          user_id: user.id,
          token_hash: 'old',
          created_at: minutesAgo(90),
          expires_at: minutesAgo(30),
          used_at: null,
        },
        {
          user_id: user.id,
          token_hash: 'live',
          created_at: minutesAgo(5),
          expires_at: minutesAgo(-55),
          used_at: null,
        },
      ])
      .execute();

    expect(await app.housekeeping.sweep(db)).toEqual({
      sessions: 1,
      resets: 1,
      device_cookies: 0,
      email_changes: 0,
      email_change_undos: 0,
      audit_events: 0,
      'passkey challenges': 0,
      'two-factor challenges': 0,
      'email codes': 0,
      'provider flows': 0,
      'receipt links': 0,
      'trial reminders mailed': 0,
    });
    expect(await db.selectFrom('sessions').select('id').execute()).toHaveLength(1);
    expect(await db.selectFrom('password_resets').select('token_hash').execute()).toEqual([
      { token_hash: 'live' },
    ]);
  });

  it('runs when the app starts', async () => {
    current = await buildTestApp({ dialect });
    const { app } = current;
    const { db } = app.database;
    const user = await insertTestUser(db, { email: 'a@example.com' });
    const { session } = await createSession(db, { userId: user.id, kind: 'password' });
    await db
      .updateTable('sessions')
      .set({ expires_at: minutesAgo(1) })
      .where('id', '=', session.id)
      .execute();
    await app.ready();
    expect(await db.selectFrom('sessions').select('id').execute()).toEqual([]);
  });
});
