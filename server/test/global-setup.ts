import { dropSchemasOfRun, RUN_PREFIX_VARIABLE } from './postgres-schemas.js';

/** Vitest global setup: names this run's PostgreSQL schemas, and drops them all when the run ends. */
export default function setup() {
  const prefix = `test_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  process.env[RUN_PREFIX_VARIABLE] = prefix;
  return async () => {
    const base = process.env.TEST_DATABASE_URL;
    if (base) await dropSchemasOfRun(base, prefix);
  };
}
