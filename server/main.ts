import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { startupSummary } from './startup-summary.js';
import { loadAppKeys } from './security/app-keys.js';

const SHUTDOWN_GRACE_MS = 10_000;

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function migrateOnly(config: Config) {
  const database = openDatabase(config.databaseUrl, { sqliteLocking: config.sqliteLocking });
  try {
    const applied = await migrateToLatest(database, { keys: loadAppKeys(config) });
    console.log(applied.length ? `Applied migrations: ${applied.join(', ')}` : 'The database is up to date.');
  } finally {
    await database.close();
  }
}

async function serve(config: Config) {
  // Built, this file is bundled into dist/server/server.js beside dist/web; run from source (tests), it is
  // server/main.ts.
  const built = import.meta.url.includes('/dist/server/');
  const webRoot = fileURLToPath(new URL(built ? '../web' : '../dist/web', import.meta.url));
  const app = await buildApp({ config, webRoot });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(startupSummary(config, { signInMethods: app.signInMethods.names() }));
}

const config = readConfig();
// No top-level await: the build bundles this file as CommonJS, which loads faster (decision 171).
(process.argv.includes('--migrate-only') ? migrateOnly(config) : serve(config)).catch((error: unknown) => {
  console.error(`Could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
