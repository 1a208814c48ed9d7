import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Creates pg_trgm where it can: in `public` when the role may (so dropping another schema never takes it
 * along), else in the current schema; a role that may not create it at all leaves search without its index
 * (docs/operations.md says how to add it later). The block's exception handler is a savepoint, so a refusal
 * does not abort the migration's transaction.
 */
const CREATE_TRIGRAMS = sql`
do $$
begin
  begin
    create extension if not exists pg_trgm schema public;
  exception when others then
    begin
      create extension if not exists pg_trgm;
    exception when others then
      raise notice 'pg_trgm could not be created: %', sqlerrm;
    end;
  end;
end
$$`;

// Frozen: once released, a migration never changes. Add a new one instead.
export function supportConsoleSchema(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      // How many factors a session began with (DESIGN 16): 2 for a passkey, or a password and a code.
      await db.schema
        .alterTable('sessions')
        .addColumn('factors', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await sql`update sessions set factors = 2 where kind = 'passkey'`.execute(db);
      // Who acted, when it was a support agent (their keyed subject, like `subject`), and why.
      await db.schema.alterTable('audit_events').addColumn('actor', 'text').execute();
      await db.schema.alterTable('audit_events').addColumn('reason', 'text').execute();
      // The audit viewer's events of one name, newest first.
      await db.schema
        .createIndex('audit_events_event_id')
        .on('audit_events')
        .columns(['event', 'id'])
        .execute();
      // The agents (a handful among all accounts): the guard reads the role with the session, the console
      // names agents in the audit trail.
      await db.schema.createIndex('users_role').on('users').column('role').execute();
      if (dialect !== 'postgres') return;
      // Substring search of e-mail addresses (decision 184): a trigram index answers `like '%…%'`.
      await CREATE_TRIGRAMS.execute(db);
      const found = await sql<{ schema: string }>`
        select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
        where e.extname = 'pg_trgm'`.execute(db);
      const schema = found.rows[0]?.schema;
      if (schema)
        await sql`create index users_email_trgm on users using gin (email ${sql.id(schema, 'gin_trgm_ops')})`.execute(
          db,
        );
    },
    async down(db: Kysely<unknown>) {
      if (dialect === 'postgres') await sql`drop index if exists users_email_trgm`.execute(db);
      await db.schema.dropIndex('users_role').execute();
      await db.schema.dropIndex('audit_events_event_id').execute();
      await db.schema.alterTable('audit_events').dropColumn('reason').execute();
      await db.schema.alterTable('audit_events').dropColumn('actor').execute();
      await db.schema.alterTable('sessions').dropColumn('factors').execute();
    },
  };
}
