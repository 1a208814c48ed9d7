import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import {
  appKeysEnvFor,
  createTestDatabase,
  testDialects,
  type TestDialect,
} from '../../server/test/helper.js';
import { freePort, ServerProcess } from '../support/server-process.js';

const PASSWORD = 'violet kettle rainfall';

let folder: string | undefined;
let server: ServerProcess | undefined;
afterEach(async () => {
  await server?.stop('SIGKILL');
  if (folder) rmSync(folder, { recursive: true, force: true });
});

// Each request from its own client address, so the per-IP sign-up limit stays out of the way.
const from = (n: number) => ({
  'content-type': 'application/json',
  'x-forwarded-for': `10.9.${n >> 8}.${n & 255}`,
});

async function signUp(base: string, n: number): Promise<number> {
  const reply = await fetch(`${base}/api/v1/users`, {
    method: 'POST',
    headers: from(n),
    body: JSON.stringify({ user: { email: `crash-${n}@example.com`, password: PASSWORD } }),
  });
  return reply.status;
}

async function integrityProblems(dialect: TestDialect, url: string): Promise<string[]> {
  if (dialect === 'sqlite') {
    const db = new SqliteDatabase(url.replace(/^sqlite:/, ''));
    try {
      const rows = db.pragma('integrity_check') as { integrity_check: string }[];
      const orphans = db.pragma('foreign_key_check') as unknown[];
      return [
        ...rows.map((row) => row.integrity_check).filter((text) => text !== 'ok'),
        ...orphans.map(String),
      ];
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      'select count(*) as n from sessions s left join users u on u.id = s.user_id where u.id is null',
    );
    return rows[0]?.n === '0' ? [] : [`${rows[0]?.n} sessions without a user`];
  } finally {
    await client.end();
  }
}

describe.each(testDialects)('kill -9 in the middle of a burst of sign-ups on %s', (dialect) => {
  it('keeps every account that got a 201, and the database stays sound', async () => {
    folder = mkdtempSync(join(tmpdir(), 'bullapp-crash-'));
    const database = await createTestDatabase(dialect, folder);
    const env = {
      DATABASE_URL: database.url,
      ...appKeysEnvFor(database.url),
      TRUST_PROXY: '1',
      LOG_LEVEL: 'warn',
    };
    server = new ServerProcess(await freePort(), env);
    await server.start();

    const created: number[] = [];
    let next = 0;
    let dead = false;
    const worker = async () => {
      while (!dead) {
        const n = next++;
        try {
          if ((await signUp(server!.url, n)) === 201) created.push(n);
        } catch {
          dead = true;
        }
      }
    };
    const burst = Promise.all(Array.from({ length: 16 }, worker));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await server.stop('SIGKILL');
    dead = true;
    await burst;
    expect(created.length).toBeGreaterThan(0);
    expect(next).toBeGreaterThan(created.length);

    server = new ServerProcess(server.port, env);
    await server.start();
    for (const n of created) {
      const reply = await fetch(`${server.url}/api/v1/login`, {
        method: 'POST',
        headers: from(n),
        body: JSON.stringify({ session: { email: `crash-${n}@example.com`, password: PASSWORD } }),
      });
      expect(reply.status, `crash-${n}@example.com`).toBe(200);
    }
    await server.stop('SIGTERM');
    expect(await integrityProblems(dialect, database.url)).toEqual([]);
  });
});
