import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

// Frozen: once released, a migration never changes. Add a new one instead.
export function identitiesSchema(_dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      // DESIGN 14: an account's identities at OpenID providers; one identity belongs to one account.
      await db.schema
        .createTable('identities')
        // A random public id: the provider's subject is never shown.
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('email', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_used_at', 'text')
        .addUniqueConstraint('identities_provider_subject', ['provider', 'subject'])
        .execute();
      await db.schema.createIndex('identities_user_id').on('identities').column('user_id').execute();

      // A flow between /auth/:provider/start and its callback (10 minutes, single use), kept here and not in
      // one process's memory, so any instance can finish what another started. Only the state's SHA-256.
      await db.schema
        .createTable('oidc_flows')
        .addColumn('state_hash', 'text', (c) => c.primaryKey())
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('nonce', 'text', (c) => c.notNull())
        .addColumn('code_verifier', 'text', (c) => c.notNull())
        .addColumn('return_to', 'text', (c) => c.notNull())
        .addColumn('intent', 'text', (c) => c.notNull())
        // The account a `link` flow connects to, from its one-time link token.
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('oidc_flows_expires_at').on('oidc_flows').column('expires_at').execute();

      // POST /api/v1/identities/link_token: single use, 10 minutes, only as SHA-256.
      await db.schema
        .createTable('identity_link_tokens')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('session_id', 'integer', (c) => c.notNull().references('sessions.id').onDelete('cascade'))
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('identity_link_tokens_expires_at')
        .on('identity_link_tokens')
        .column('expires_at')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('identity_link_tokens').execute();
      await db.schema.dropTable('oidc_flows').execute();
      await db.schema.dropTable('identities').execute();
    },
  };
}
