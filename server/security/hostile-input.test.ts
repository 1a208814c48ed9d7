import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { dumpDatabase, signUpUser, STRONG_PASSWORD } from '../test/accounts.js';
import { buildTestApp, testDialects, type TestApp } from '../test/helper.js';

let current: TestApp | undefined;
afterEach(async () => {
  await current?.close();
  current = undefined;
});

const post = (app: TestApp['app'], url: string, payload: string, contentType = 'application/json') =>
  app.inject({ method: 'POST', url, headers: { 'content-type': contentType }, payload });

function expectClientError(reply: { statusCode: number; body: string }) {
  expect(reply.statusCode, reply.body).toBeGreaterThanOrEqual(400);
  expect(reply.statusCode, reply.body).toBeLessThan(500);
  const body = JSON.parse(reply.body) as { error: string; message: string };
  expect(body.error).toMatch(/^[a-z_]+$/);
  expect(body.message).toMatch(/^[A-Z].*\.$/);
  expect(reply.body).not.toMatch(/at .*\.(ts|js):\d+|node_modules|SELECT |sqlite|postgres/i);
}

/** Sends raw bytes over a socket and returns the first line of the reply (or what the socket ended with). */
function rawRequest(port: number, chunks: (string | Buffer)[], { gapMs = 0 } = {}): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let reply = '';
    socket.on('data', (data) => (reply += data.toString('latin1')));
    socket.on('error', () => resolve(reply || 'reset'));
    socket.on('close', () => resolve(reply.split('\r\n')[0] || 'closed'));
    socket.on('connect', async () => {
      for (const chunk of chunks) {
        if (socket.destroyed) return;
        socket.write(chunk);
        if (gapMs) await new Promise((r) => setTimeout(r, gapMs));
      }
    });
  });
}

describe.each(testDialects)('hostile input on %s', (dialect) => {
  it('refuses deeply nested, oversized, mistyped and non-JSON bodies with a 4xx, storing nothing', async () => {
    current = await buildTestApp({ dialect });
    const { app } = current;
    const deep = `${'{"user":'.repeat(50_000)}1${'}'.repeat(50_000)}`;
    const wide = JSON.stringify({
      user: { email: 'a@example.com', password: STRONG_PASSWORD, pad: 'x'.repeat(70_000) },
    });
    const cases: [string, string, string?][] = [
      ['/api/v1/users', deep],
      ['/api/v1/users', `[${'['.repeat(20_000)}${']'.repeat(20_000)}]`],
      ['/api/v1/users', wide],
      [
        '/api/v1/users',
        '{"user":{"email":"a@example.com","password":"violet kettle rainfall"}',
        'text/plain',
      ],
      ['/api/v1/users', '<user><email>a@example.com</email></user>', 'application/xml'],
      ['/api/v1/users', 'user[email]=a@example.com', 'application/x-www-form-urlencoded'],
      ['/api/v1/users', '{"user":{"email":["a@example.com"],"password":{"$gt":""}}}'],
      ['/api/v1/users', '{"__proto__":{"admin":true},"user":{"email":"a@example.com","password":1}}'],
      ['/api/v1/login', '{"session":{"email":null,"password":null}}'],
      ['/api/v2/reset_password', '{"email":{"toString":"x"}}'],
    ];
    for (const [url, payload, type] of cases) expectClientError(await post(app, url, payload, type));
    expect((await dumpDatabase(app)).users).toEqual([]);
  });

  it('refuses invalid UTF-8 and control characters in an e-mail, storing nothing', async () => {
    current = await buildTestApp({ dialect });
    const { app } = current;
    const invalidUtf8 = Buffer.concat([
      Buffer.from('{"user":{"email":"a'),
      Buffer.from([0xff, 0xfe, 0xc3]),
      Buffer.from(`@example.com","password":"${STRONG_PASSWORD}"}}`),
    ]);
    expectClientError(
      await app.inject({
        method: 'POST',
        url: '/api/v1/users',
        headers: { 'content-type': 'application/json' },
        payload: invalidUtf8,
      }),
    );
    for (const email of ['a\u0000b@example.com', 'a\nb@example.com', 'a\u202eb@example.com']) {
      expectClientError(
        await post(app, '/api/v1/users', JSON.stringify({ user: { email, password: STRONG_PASSWORD } })),
      );
    }
    expect((await dumpDatabase(app)).users).toEqual([]);
  });

  it('treats SQL and script payloads as plain data in every field', async () => {
    current = await buildTestApp({ dialect });
    const { app } = current;
    const payloads = [
      "' OR 1=1 --",
      "x'); DROP TABLE users; --",
      '<script>alert(1)</script>',
      '${7*7}{{7*7}}',
    ];
    for (const payload of payloads) {
      // As an e-mail: not an address, so refused.
      expectClientError(
        await post(
          app,
          '/api/v1/users',
          JSON.stringify({ user: { email: payload, password: STRONG_PASSWORD } }),
        ),
      );
      const login = await post(
        app,
        '/api/v1/login',
        JSON.stringify({ session: { email: payload, password: payload } }),
      );
      expect(login.statusCode).toBe(401);
      const token = await post(app, '/api/v1/login', JSON.stringify({ session: { auth_token: payload } }));
      expect(token.statusCode).toBe(401);
      const reset = await post(app, '/api/v2/reset_password', JSON.stringify({ email: payload }));
      expect(reset.statusCode).toBeLessThan(500);
      const change = await app.inject({
        method: 'PUT',
        url: '/api/v2/change_password',
        payload: { password_hash: payload, password: STRONG_PASSWORD },
      });
      expectClientError(change);
    }
    expect((await dumpDatabase(app)).users).toEqual([]);
    // As a password (any characters are allowed): stored only as a hash, and it works.
    const user = await signUpUser(app, {
      email: 'bobby@example.com',
      password: "Robert'); DROP TABLE users;--",
    });
    const rows = await dumpDatabase(app);
    expect(rows.users.map((u) => u.id)).toEqual([user.id]);
    expect(JSON.stringify(rows)).not.toContain('DROP TABLE');
  });
});

describe('hostile connections', () => {
  it('answers a flood of headers with 431 and keeps serving', async () => {
    current = await buildTestApp();
    const { app } = current;
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as net.AddressInfo).port;
    const flood = Array.from({ length: 2000 }, (_, i) => `X-Flood-${i}: ${'y'.repeat(20)}\r\n`).join('');
    const status = await rawRequest(port, [`GET /healthz HTTP/1.1\r\nHost: x\r\n${flood}\r\n`]);
    expect(status).toMatch(/^HTTP\/1\.1 431/);
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
  });

  it('cuts off a body that trickles in slower than the request timeout allows', async () => {
    current = await buildTestApp({ requestTimeoutMs: 1000 });
    const { app } = current;
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as net.AddressInfo).port;
    const started = Date.now();
    const body = JSON.stringify({ session: { email: 'slow@example.com', password: STRONG_PASSWORD } });
    const head = `POST /api/v1/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    const status = await rawRequest(port, [head, ...body.split('')], { gapMs: 200 });
    expect(status).toMatch(/^HTTP\/1\.1 408|closed|reset/);
    expect(Date.now() - started).toBeLessThan(body.length * 200);
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
  });
});
