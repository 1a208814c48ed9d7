import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterEach } from 'vitest';
import type { AppContextOverrides } from '../app-context.js';
import { buildApp, type AppOptions } from '../app.js';
import { loadConfig } from '../config.js';
import { openDatabase, type DatabaseHandle } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { AppKeys, parseAppKeys } from '../security/app-keys.js';
import { schemaPrefix } from './postgres-schemas.js';

export type TestDialect = 'sqlite' | 'postgres';

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const testDialects: TestDialect[] = process.env.TEST_DATABASE_URL
  ? ['sqlite', 'postgres']
  : ['sqlite'];

/** The APP_KEYS of tests that need them (PostgreSQL has no key file: the configuration asks for them). */
export const TEST_APP_KEYS = 'dGVzdCBrZXlzIG9mIGJ1bGxhcHA6IDMyIGJ5dGVzISE';
export const testAppKeys = () => new AppKeys(parseAppKeys(TEST_APP_KEYS)!);
/** APP_KEYS for a PostgreSQL database URL; nothing for SQLite, whose key file the start makes. */
export const appKeysEnvFor = (url: string): Record<string, string> =>
  url.startsWith('postgres') ? { APP_KEYS: TEST_APP_KEYS } : {};

/**
 * A Redis key and channel prefix of its own: tests share one Redis with each other and with any other run of
 * the suite on the machine, so none may use the app's bare `bullapp:` keys.
 */
export const testRedisPrefix = () => `bullapp-test:${randomBytes(6).toString('hex')}:`;

export interface TestDatabase {
  url: string;
}

/** A database of its own for one test: a temporary SQLite file, or a fresh PostgreSQL schema. */
export async function createTestDatabase(dialect: TestDialect, folder: string): Promise<TestDatabase> {
  if (dialect === 'sqlite') return { url: `sqlite:${join(folder, 'app.sqlite')}` };
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `${schemaPrefix()}_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  // Dropped with the rest of the run's schemas when the run ends (server/test/global-setup.ts).
  return { url: url.toString() };
}

export interface TestApp {
  app: FastifyInstance;
  folder: string;
  close(): Promise<void>;
}

/** A fresh app on a database of its own (not yet ready, so a test may add routes); close() removes everything. */
export async function buildTestApp(
  options: {
    dialect?: TestDialect;
    env?: Record<string, string>;
    webRoot?: string | null;
    /** E.g. route the database connection through a TcpProxy that the test can cut. */
    rewriteDatabaseUrl?: (url: string) => string;
  } & Pick<AppOptions, 'logger' | 'requestTimeoutMs' | 'features'> &
    Pick<AppContextOverrides, 'rateLimits' | 'bus' | 'now'> = {},
): Promise<TestApp> {
  const folder = mkdtempSync(join(tmpdir(), 'bullapp-test-'));
  const database = await createTestDatabase(options.dialect ?? 'sqlite', folder);
  const config = loadConfig({
    DATABASE_URL: options.rewriteDatabaseUrl ? options.rewriteDatabaseUrl(database.url) : database.url,
    OUTBOX_DIR: join(folder, 'outbox'),
    LOG_LEVEL: 'silent',
    REDIS_KEY_PREFIX: testRedisPrefix(),
    ...appKeysEnvFor(database.url),
    ...options.env,
  });
  const app = await buildApp({
    config,
    webRoot: options.webRoot ?? null,
    logger: options.logger,
    requestTimeoutMs: options.requestTimeoutMs,
    features: options.features,
    overrides: { rateLimits: options.rateLimits, bus: options.bus, now: options.now },
  });
  return {
    app,
    folder,
    async close() {
      await app.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/**
 * Databases without an app, one per test, closed and removed after each: call in a test file's top level,
 * then `open(dialect)` in a test. Migrated unless the test migrates itself (`{ migrated: false }`).
 */
export function testDatabases() {
  let folder: string | undefined;
  let database: DatabaseHandle | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
    if (folder) rmSync(folder, { recursive: true, force: true });
    folder = undefined;
  });
  return async (
    dialect: TestDialect = 'sqlite',
    { migrated = true }: { migrated?: boolean } = {},
  ): Promise<DatabaseHandle> => {
    folder = mkdtempSync(join(tmpdir(), 'bullapp-db-'));
    database = openDatabase((await createTestDatabase(dialect, folder)).url);
    if (migrated) await migrateToLatest(database, { keys: testAppKeys() });
    return database;
  };
}
