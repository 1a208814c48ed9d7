import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { identityColumn } from './identity-column.js';

// Frozen: once released, a migration never changes. Add a new one instead.
export function emailChangesSchema(dialect: Dialect) {
  const id = () => identityColumn(dialect);
  return {
    async up(db: Kysely<unknown>) {
      // A change of e-mail waiting for the new address to confirm it: the token only as SHA-256.
      await db.schema
        .createTable('email_changes')
        .addColumn('id', id())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('new_email', 'text', (c) => c.notNull())
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('email_changes_user_id').on('email_changes').column('user_id').execute();
      await db.schema
        .createIndex('email_changes_expires_at')
        .on('email_changes')
        .column('expires_at')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('email_changes').execute();
    },
  };
}
