import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

// Frozen: once released, a migration never changes. Add a new one instead.
export function subscriptionCreateLocksSchema(_dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      // A row while one of the user's subscription creates runs: creates of one user take turns, on every
      // instance (decision 154). Gone with the user.
      await db.schema
        .createTable('subscription_create_locks')
        .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('taken_at', 'text', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('subscription_create_locks').execute();
    },
  };
}
