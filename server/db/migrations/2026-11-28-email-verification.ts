import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { identityColumn } from './identity-column.js';

/**
 * SQLite cannot drop a NOT NULL constraint in place: the users table is rebuilt (SQLite's own 12-step
 * procedure, https://www.sqlite.org/lang_altertable.html#otheralter). Foreign keys are off meanwhile, so
 * dropping the old table cascades to no row; the check after it proves every reference still holds. The
 * table keeps its autoincrement counter, so an id of a deleted account is never handed out again.
 */
async function rebuildSqliteUsers(db: Kysely<unknown>, verifiedAt: string) {
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (tx) => {
      const counter = await sql<{
        seq: number;
      }>`select seq from sqlite_sequence where name = 'users'`.execute(tx);
      await tx.schema
        .createTable('users_rebuilt')
        .addColumn('id', identityColumn('sqlite'))
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text')
        .addColumn('role', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('password_changed_at', 'text', (c) => c.notNull())
        .addColumn('email_verified_at', 'text')
        .execute();
      await sql`insert into users_rebuilt
          (id, email, password_hash, role, created_at, updated_at, password_changed_at, email_verified_at)
        select id, email, password_hash, role, created_at, updated_at, password_changed_at, ${verifiedAt}
        from users`.execute(tx);
      await tx.schema.dropTable('users').execute();
      await sql`alter table users_rebuilt rename to users`.execute(tx);
      await tx.schema.createIndex('users_role').on('users').column('role').execute();
      const seq = counter.rows[0]?.seq;
      if (seq !== undefined)
        await sql`update sqlite_sequence set seq = max(seq, ${seq}) where name = 'users'`.execute(tx);
      const broken = await sql`pragma foreign_key_check`.execute(tx);
      if (broken.rows.length > 0) throw new Error('The rebuilt users table left rows without their account.');
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

// Frozen: once released, a migration never changes. Add a new one instead.
export function emailVerificationSchema(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      // DESIGN 13: accounts that existed before count as verified from now, so no rule takes anything from them;
      // an account may have no password (provider sign-in, DESIGN 14).
      const verifiedAt = new Date().toISOString();
      if (dialect === 'postgres') {
        await db.schema.alterTable('users').addColumn('email_verified_at', 'text').execute();
        await sql`update users set email_verified_at = ${verifiedAt}`.execute(db);
        await sql`alter table users alter column password_hash drop not null`.execute(db);
      } else {
        await rebuildSqliteUsers(db, verifiedAt);
      }
      // The codes DESIGN 13 mails, only as SHA-256: a 6-digit code, and for `verify` also the link's token.
      await db.schema
        .createTable('email_codes')
        .addColumn('id', identityColumn(dialect))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('code_hash', 'text', (c) => c.notNull())
        .addColumn('token_hash', 'text', (c) => c.unique())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('used_at', 'text')
        .execute();
      await db.schema
        .createIndex('email_codes_user_id_purpose')
        .on('email_codes')
        .columns(['user_id', 'purpose'])
        .execute();
      await db.schema.createIndex('email_codes_expires_at').on('email_codes').column('expires_at').execute();
      // The code step remembers how its first step was taken (a password, or now a mailed code), so the
      // session it starts is of that kind.
      await db.schema
        .alterTable('two_factor_challenges')
        .addColumn('first_factor', 'text', (c) => c.notNull().defaultTo('password'))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('two_factor_challenges').dropColumn('first_factor').execute();
      await db.schema.dropTable('email_codes').execute();
      // The password hash stays nullable: an account made without one could not be given one back.
      await db.schema.alterTable('users').dropColumn('email_verified_at').execute();
    },
  };
}
