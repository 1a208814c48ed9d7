import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

// Frozen: once released, a migration never changes. Add a new one instead.
export function passkeysSchema(_dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('passkeys')
        // A random public id: the credential id stays between the authenticator and the server.
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('credential_id', 'text', (c) => c.notNull().unique())
        .addColumn('public_key', 'text', (c) => c.notNull())
        // WebAuthn's sign counter is an unsigned 32-bit number: past PostgreSQL's integer.
        .addColumn('sign_count', 'bigint', (c) => c.notNull())
        .addColumn('transports', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_used_at', 'text')
        .execute();
      await db.schema.createIndex('passkeys_user_id').on('passkeys').column('user_id').execute();

      // Challenges live here, not in one process's memory, so any instance can check what another issued.
      await db.schema
        .createTable('passkey_challenges')
        .addColumn('challenge', 'text', (c) => c.primaryKey())
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('passkey_challenges_expires_at')
        .on('passkey_challenges')
        .column('expires_at')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('passkey_challenges').execute();
      await db.schema.dropTable('passkeys').execute();
    },
  };
}
