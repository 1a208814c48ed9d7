import { describe, expect, it } from 'vitest';
import { insertTestUser } from '../test/fixtures.js';
import { testDatabases, testDialects } from '../test/helper.js';
import { credentialsByEmail, findUserByEmail, findUserById, insertUser } from './users.repository.js';

const openDatabase = testDatabases();

describe.each(testDialects)('account reads (%s)', (dialect) => {
  it('select no password hash; the one credential read does', async () => {
    const { db } = await openDatabase(dialect);
    const { id } = await insertTestUser(db, { passwordHash: 'the-hash' });
    const now = new Date().toISOString();
    const inserted = await insertUser(db, {
      email: 'grace@example.com',
      password_hash: 'another-hash',
      role: 0,
      created_at: now,
      updated_at: now,
      password_changed_at: now,
    });
    for (const account of [
      await findUserByEmail(db, 'ada@example.com'),
      await findUserById(db, id),
      inserted,
    ])
      expect(Object.keys(account ?? {}).sort()).toEqual(
        [
          'created_at',
          'email',
          'email_verified_at',
          'has_password',
          'id',
          'password_changed_at',
          'role',
          'updated_at',
        ].sort(),
      );
    expect(await credentialsByEmail(db, 'ada@example.com')).toMatchObject({ id, password_hash: 'the-hash' });
    expect(await credentialsByEmail(db, 'nobody@example.com')).toBeNull();
    // DESIGN 13: an account may have no password; the account reads say so without the hash.
    expect(await findUserById(db, id)).toMatchObject({ has_password: true, email_verified_at: null });
    await db
      .updateTable('users')
      .set({ password_hash: null, email_verified_at: now })
      .where('id', '=', id)
      .execute();
    expect(await findUserById(db, id)).toMatchObject({ has_password: false, email_verified_at: now });
  });
});
