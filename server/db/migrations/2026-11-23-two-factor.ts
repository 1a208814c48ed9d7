import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { identityColumn } from './identity-column.js';

// Frozen: once released, a migration never changes. Add a new one instead.
export function twoFactorSchema(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      // One row per account that has begun setting it up; it is on once enabled_at is set.
      await db.schema
        .createTable('two_factor')
        .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        // AES-256-GCM of the base32 secret (docs/decisions/110-two-step-sign-in.md), never the secret itself.
        .addColumn('secret_box', 'text', (c) => c.notNull())
        .addColumn('enabled_at', 'text')
        // The 30-second step of the last code accepted: no code of that step or before works again.
        .addColumn('last_used_step', 'bigint')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('two_factor_recovery_codes')
        .addColumn('id', identityColumn(dialect))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('code_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .execute();
      await db.schema
        .createIndex('two_factor_recovery_codes_user_code')
        .on('two_factor_recovery_codes')
        .columns(['user_id', 'code_hash'])
        .unique()
        .execute();

      // The code step of a sign-in: issued after the right password, it lives 5 minutes and allows 5 tries.
      await db.schema
        .createTable('two_factor_challenges')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        // The password that was checked: a change meanwhile voids the step.
        .addColumn('password_changed_at', 'text', (c) => c.notNull())
        .addColumn('tries', 'integer', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('two_factor_challenges_expires_at')
        .on('two_factor_challenges')
        .column('expires_at')
        .execute();
      await db.schema
        .createIndex('two_factor_challenges_user_id')
        .on('two_factor_challenges')
        .column('user_id')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('two_factor_challenges').execute();
      await db.schema.dropTable('two_factor_recovery_codes').execute();
      await db.schema.dropTable('two_factor').execute();
    },
  };
}
