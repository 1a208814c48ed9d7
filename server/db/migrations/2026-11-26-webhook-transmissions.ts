import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

// Frozen: once released, a migration never changes. Add a new one instead.
export function webhookTransmissionsSchema(_dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      // PayPal's signature covers the transmission id and the body's CRC32 only: a transmission is taken for
      // one event, so a captured delivery cannot carry another body of the same CRC32 (decision 154).
      await db.schema.alterTable('paypal_events').addColumn('transmission_id', 'text').execute();
      await db.schema
        .createIndex('paypal_events_transmission_id')
        .unique()
        .on('paypal_events')
        .column('transmission_id')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('paypal_events_transmission_id').execute();
      await db.schema.alterTable('paypal_events').dropColumn('transmission_id').execute();
    },
  };
}
