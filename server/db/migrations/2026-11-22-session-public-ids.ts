import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

// Frozen: once released, a migration never changes. Add a new one instead.
export function sessionPublicIdsSchema(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      // The id a session is shown and revoked by (Devices, DESIGN section 10): random, so it says nothing
      // about the token, its hash or how many sessions there are.
      await db.schema.alterTable('sessions').addColumn('public_id', 'text').execute();
      // Sessions from before get one each; new ones get theirs from the app (randomBytes, base64url).
      await (dialect === 'postgres'
        ? sql`update sessions set public_id = replace(gen_random_uuid()::text, '-', '')`.execute(db)
        : sql`update sessions set public_id = lower(hex(randomblob(16)))`.execute(db));
      // SQLite cannot add NOT NULL to an existing column; the app always writes one, and the index keeps
      // them unique on both.
      if (dialect === 'postgres')
        await sql`alter table sessions alter column public_id set not null`.execute(db);
      await db.schema.createIndex('sessions_public_id').unique().on('sessions').column('public_id').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('sessions_public_id').execute();
      await db.schema.alterTable('sessions').dropColumn('public_id').execute();
    },
  };
}
