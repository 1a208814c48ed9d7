import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp, type AppOptions } from '../app.js';
import { loadConfig } from '../config.js';

export type TestDialect = 'sqlite' | 'postgres';

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const testDialects: TestDialect[] = process.env.TEST_DATABASE_URL
  ? ['sqlite', 'postgres']
  : ['sqlite'];

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A database of its own for one test: a temporary SQLite file, or a fresh PostgreSQL schema. */
export async function createTestDatabase(dialect: TestDialect, folder: string): Promise<TestDatabase> {
  if (dialect === 'sqlite') return { url: `sqlite:${join(folder, 'app.sqlite')}`, drop: async () => {} };
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`drop schema if exists ${schema} cascade`);
      await client.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  folder: string;
  close(): Promise<void>;
}

/** A fresh app on a database of its own (not yet ready, so a test may add routes); close() removes everything. */
export async function buildTestApp(
  options: { dialect?: TestDialect; env?: Record<string, string>; webRoot?: string | null } & Pick<
    AppOptions,
    'logger' | 'rateLimits'
  > = {},
): Promise<TestApp> {
  const folder = mkdtempSync(join(tmpdir(), 'bullapp-test-'));
  const database = await createTestDatabase(options.dialect ?? 'sqlite', folder);
  const config = loadConfig({
    DATABASE_URL: database.url,
    OUTBOX_DIR: join(folder, 'outbox'),
    LOG_LEVEL: 'silent',
    ...options.env,
  });
  const app = await buildApp({
    config,
    webRoot: options.webRoot ?? null,
    logger: options.logger,
    rateLimits: options.rateLimits,
  });
  return {
    app,
    folder,
    async close() {
      await app.close();
      await database.drop();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
