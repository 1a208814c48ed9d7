import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database.js';
import { appKeysEnvFor, createTestDatabase, testDialects } from '../../server/test/helper.js';
import { ensureBuild, freePort, ServerProcess } from '../support/server-process.js';

/** `npm run admin -- grant|revoke|list` (DESIGN 16): on SQLite while the app runs, and on PostgreSQL. */
const root = fileURLToPath(new URL('../..', import.meta.url));
const PASSWORD = 'violet kettle rainfall';

let folder: string | undefined;
let server: ServerProcess | undefined;
afterEach(async () => {
  await server?.stop('SIGKILL');
  if (folder) rmSync(folder, { recursive: true, force: true });
  server = folder = undefined;
});

beforeAll(ensureBuild, 600_000);

/** The command as `npm run admin` runs it: scripts/admin.mjs, which runs the built command. */
async function admin(env: Record<string, string>, ...words: string[]) {
  const child = spawn(process.execPath, [join(root, 'scripts/admin.mjs'), ...words], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number];
  return { code, stdout: stdout.trim(), stderr: stderr.trim() };
}

async function signUp(url: string, email: string) {
  const reply = await fetch(`${url}/api/v1/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user: { email, password: PASSWORD } }),
  });
  expect(reply.status).toBe(201);
  return (await reply.json()) as { auth_token: string };
}

const roleOf = async (url: string, token: string) =>
  (
    (await (await fetch(`${url}/api/v1/me`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
      role: number;
    }
  ).role;

describe('npm run admin', () => {
  it('names and un-names an agent on SQLite while the app runs, and while it is stopped', async () => {
    folder = mkdtempSync(join(tmpdir(), 'bullapp-admin-'));
    const env = { DATABASE_URL: `sqlite:${join(folder, 'app.sqlite')}` };
    server = new ServerProcess(await freePort(), env);
    await server.start();
    const { auth_token } = await signUp(server.url, 'helper@example.com');

    expect(await admin(env, 'list')).toMatchObject({
      code: 0,
      stdout: 'There is no support agent yet. Name one with: npm run admin -- grant <email>',
    });
    const granted = await admin(env, 'grant', ' Helper@Example.com ');
    expect(granted.code, granted.stderr).toBe(0);
    expect(granted.stdout).toContain('helper@example.com is a support agent now.');
    expect(granted.stdout).toContain('no passkey and no two-step sign-in yet');
    expect(await roleOf(server.url, auth_token)).toBe(1);
    expect((await admin(env, 'list')).stdout).toMatch(/^helper@example\.com \(id \d+\)$/);
    expect(await admin(env, 'grant', 'nobody@example.com')).toMatchObject({
      code: 1,
      stderr: 'No account has the address nobody@example.com. It must sign up first.',
    });
    expect((await admin(env, 'promote', 'x')).code).toBe(2);

    await server.stop();
    server = undefined;
    const revoked = await admin(env, 'revoke', 'helper@example.com');
    expect(revoked.code, revoked.stderr).toBe(0);
    expect(revoked.stdout).toBe(
      'helper@example.com is a member again: the support console answers it 404 from now on.',
    );
  });
});

// PostgreSQL when TEST_DATABASE_URL is set, as every PostgreSQL suite (server/test/helper.ts).
describe.each(testDialects.filter((dialect) => dialect === 'postgres'))('npm run admin on %s', (dialect) => {
  it('names an agent while the app runs, and the audit trail keeps it', async () => {
    folder = mkdtempSync(join(tmpdir(), 'bullapp-admin-'));
    const { url } = await createTestDatabase(dialect, folder);
    const env = { DATABASE_URL: url, ...appKeysEnvFor(url) };
    server = new ServerProcess(await freePort(), env);
    await server.start();
    const { auth_token } = await signUp(server.url, 'pg-helper@example.com');
    const granted = await admin(env, 'grant', 'pg-helper@example.com');
    expect(granted.code, granted.stderr).toBe(0);
    expect(await roleOf(server.url, auth_token)).toBe(1);
    expect((await admin(env, 'list')).stdout).toMatch(/^pg-helper@example\.com \(id \d+\)$/);
    const database = openDatabase(url);
    try {
      const events = await database.db
        .selectFrom('audit_events')
        .select(['event', 'reason', 'actor'])
        .where('event', 'like', 'support_role_%')
        .execute();
      expect(events).toEqual([
        {
          event: 'support_role_granted',
          reason: expect.stringMatching(/^On the server's command line, by /),
          actor: null,
        },
      ]);
    } finally {
      await database.close();
    }
  });
});
