import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { appKeysEnvFor, createTestDatabase, testRedisPrefix } from '../../server/test/helper.js';
import { freePort, ServerProcess } from '../support/server-process.js';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const PUBLIC_URL = 'http://app.example.test';
const PASSWORD = 'violet kettle rainfall';
const ACCOUNT = JSON.stringify({ channel: 'AccountChannel' });

let folder: string | undefined;
const servers: ServerProcess[] = [];
const sockets: WebSocket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.terminate();
  await Promise.all(servers.splice(0).map((server) => server.stop('SIGKILL')));
  if (folder) rmSync(folder, { recursive: true, force: true });
});

async function call(server: ServerProcess, path: string, body: unknown) {
  const reply = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: reply.status, body: (await reply.json()) as Record<string, unknown> };
}

/** A socket on /cable subscribed to AccountChannel; resolves with a reader of the channel's messages. */
async function subscribe(server: ServerProcess, token: string) {
  const socket = new WebSocket(
    `${server.url.replace('http', 'ws')}/cable?token=${token}`,
    'actioncable-v1-json',
    {
      origin: PUBLIC_URL,
    },
  );
  sockets.push(socket);
  const messages: Record<string, unknown>[] = [];
  const waiters: (() => void)[] = [];
  socket.on('message', (data) => {
    const frame = JSON.parse(data.toString()) as Record<string, unknown>;
    if (frame.type === 'ping') return;
    messages.push(frame);
    waiters.splice(0).forEach((wake) => wake());
  });
  const next = async (timeoutMs = 5000) => {
    const deadline = Date.now() + timeoutMs;
    while (messages.length === 0) {
      if (Date.now() > deadline) throw new Error('no message on the socket');
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
    return messages.shift();
  };
  expect(await next()).toEqual({ type: 'welcome' });
  socket.send(JSON.stringify({ command: 'subscribe', identifier: ACCOUNT }));
  expect(await next()).toEqual({ identifier: ACCOUNT, type: 'confirm_subscription' });
  return next;
}

describe.skipIf(!databaseUrl || !redisUrl)('two instances on one PostgreSQL and one Redis', () => {
  it('share accounts, sign-in throttling and pushes', async () => {
    folder = mkdtempSync(join(tmpdir(), 'bullapp-two-'));
    const database = await createTestDatabase('postgres', folder);
    const env = {
      DATABASE_URL: database.url,
      ...appKeysEnvFor(database.url),
      REDIS_URL: redisUrl as string,
      REDIS_KEY_PREFIX: testRedisPrefix(),
      PUBLIC_URL,
    };
    const first = new ServerProcess(await freePort(), env);
    const second = new ServerProcess(await freePort(), env);
    servers.push(first, second);
    await Promise.all([first.start(), second.start()]);

    // An account made on one signs in on the other.
    const email = `two-${randomUUID()}@example.com`;
    expect((await call(first, '/api/v1/users', { user: { email, password: PASSWORD } })).status).toBe(201);
    const signIn = await call(second, '/api/v1/login', { session: { email, password: PASSWORD } });
    expect(signIn.status).toBe(200);

    // A push made on one reaches a socket on the other.
    const next = await subscribe(second, String(signIn.body.auth_token));
    expect((await call(first, '/api/v1/login', { session: { email, password: PASSWORD } })).status).toBe(200);
    expect(await next()).toEqual({
      identifier: ACCOUNT,
      message: { event: 'session_created', kind: 'password' },
    });

    // Sign-in throttling counts across both: 10 attempts per account, whichever instance takes them.
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const server = attempt % 2 ? second : first;
      statuses.push(
        (await call(server, '/api/v1/login', { session: { email, password: 'wrong password!' } })).status,
      );
    }
    // Two good sign-ins already counted: eight more attempts pass, the rest are refused on both.
    expect(statuses).toEqual([...Array<number>(8).fill(401), 429, 429]);
  });
});
