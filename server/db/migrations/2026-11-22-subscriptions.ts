import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { identityColumn } from './identity-column.js';

// Frozen: once released, a migration never changes. Add a new one instead.
export function subscriptionsSchema(dialect: Dialect) {
  const id = () => identityColumn(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('subscriptions')
        .addColumn('id', id())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('paypal_subscription_id', 'text', (c) => c.notNull().unique())
        .addColumn('plan', 'text', (c) => c.notNull())
        .addColumn('paypal_plan_id', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('next_billing_at', 'text')
        .addColumn('last_payment_at', 'text')
        .addColumn('payment_failed', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('status_changed_at', 'text', (c) => c.notNull())
        .addColumn('access_until', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('subscriptions_user_id').on('subscriptions').column('user_id').execute();
      await db.schema.createIndex('subscriptions_status').on('subscriptions').column('status').execute();

      // Keyed by PayPal's event id, only to answer a redelivery once: no payload, nothing personal.
      await db.schema
        .createTable('paypal_events')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('event_type', 'text', (c) => c.notNull())
        .addColumn('received_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('paypal_events_received_at')
        .on('paypal_events')
        .column('received_at')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('paypal_events').execute();
      await db.schema.dropTable('subscriptions').execute();
    },
  };
}
