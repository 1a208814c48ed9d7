import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

// Frozen: once released, a migration never changes. Add a new one instead.
export function billingSchema(_dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      // DESIGN 15. The trial's end as PayPal says it (null outside a trial), when its reminder went out, whether
      // this server created the subscription with its plan override (one trial per account), and when a full
      // refund or a reversal ended access.
      await db.schema.alterTable('subscriptions').addColumn('trial_ends_at', 'text').execute();
      await db.schema.alterTable('subscriptions').addColumn('trial_reminded_at', 'text').execute();
      await db.schema
        .alterTable('subscriptions')
        .addColumn('plan_overridden', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('subscriptions').addColumn('access_ended_at', 'text').execute();

      // A payment PayPal reported (PAYMENT.SALE.COMPLETED): which subscription it paid, and when its receipt
      // was mailed, so a sale is mailed once whatever the deliveries.
      await db.schema
        .createTable('paypal_sales')
        .addColumn('sale_id', 'text', (c) => c.primaryKey())
        .addColumn('subscription_id', 'integer', (c) =>
          c.notNull().references('subscriptions.id').onDelete('cascade'),
        )
        .addColumn('receipt_mailed_at', 'text')
        .execute();
      await db.schema
        .createIndex('paypal_sales_subscription_id')
        .on('paypal_sales')
        .column('subscription_id')
        .execute();

      // POST /api/v1/billing/receipt_link: single use, 5 minutes, only as SHA-256 (decision 192).
      await db.schema
        .createTable('receipt_links')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('transaction_id', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('receipt_links_expires_at')
        .on('receipt_links')
        .column('expires_at')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('receipt_links').execute();
      await db.schema.dropTable('paypal_sales').execute();
      for (const column of ['access_ended_at', 'plan_overridden', 'trial_reminded_at', 'trial_ends_at'])
        await db.schema.alterTable('subscriptions').dropColumn(column).execute();
    },
  };
}
