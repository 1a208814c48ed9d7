import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { identityColumn } from './identity-column.js';

// Frozen: once released, a migration never changes. Add a new one instead.
export function recoveryAndFreshAuthenticationSchema(dialect: Dialect) {
  const id = () => identityColumn(dialect);
  return {
    async up(db: Kysely<unknown>) {
      // One row per browser and account (DESIGN 7): the cookie holds a random id, the table only its SHA-256.
      await db.schema
        .createTable('device_cookies')
        .addColumn('id', id())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('device_cookies_user_id').on('device_cookies').column('user_id').execute();
      await db.schema
        .createIndex('device_cookies_created_at')
        .on('device_cookies')
        .column('created_at')
        .execute();
      // The last time a session proved its owner again (password or passkey assertion), for the guard of
      // what adds a way in.
      await db.schema
        .createTable('session_reauthentications')
        .addColumn('session_id', 'integer', (c) =>
          c.primaryKey().references('sessions.id').onDelete('cascade'),
        )
        .addColumn('method', 'text', (c) => c.notNull())
        .addColumn('proved_at', 'text', (c) => c.notNull())
        .execute();
      // The undo link of a completed e-mail change: the old address sealed with a key only the mailed link
      // holds, so the database alone does not name it.
      await db.schema
        .createTable('email_change_undos')
        .addColumn('id', id())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('old_email_sealed', 'text', (c) => c.notNull())
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('email_change_undos_user_id')
        .on('email_change_undos')
        .column('user_id')
        .execute();
      await db.schema
        .createIndex('email_change_undos_expires_at')
        .on('email_change_undos')
        .column('expires_at')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('email_change_undos').execute();
      await db.schema.dropTable('session_reauthentications').execute();
      await db.schema.dropTable('device_cookies').execute();
    },
  };
}
