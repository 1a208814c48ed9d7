import pg from 'pg';

/**
 * Every PostgreSQL test gets a schema of its own, named with the run's prefix. Schemas are dropped once,
 * after the whole run. (The app's introspection looks at its own schema only, so other schemas coming and
 * going do not disturb it: server/db/current-schema-introspector.ts.)
 */
export const RUN_PREFIX_VARIABLE = 'BULLAPP_TEST_SCHEMA_PREFIX';

export function schemaPrefix(): string {
  return process.env[RUN_PREFIX_VARIABLE] ?? `test_${process.pid}`;
}

export async function dropSchemasOfRun(base: string, prefix: string): Promise<void> {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      `select nspname as name from pg_namespace where nspname like $1`,
      [`${prefix}\\_%`],
    );
    for (const { name } of rows) await client.query(`drop schema if exists "${name}" cascade`);
  } finally {
    await client.end();
  }
}
