import { connect as connectTcp } from 'node:net';
import { describe, expect, it } from 'vitest';
import {
  cableTestBed,
  createUser,
  RawSocket,
  RefusedUpgrade,
  signIn,
  type OpenOptions,
} from '../test/cable-kit.js';
import { testDialects, type TestDialect } from '../test/helper.js';
import { captureLogs } from '../test/logs.js';
import { NO_SOCKET_HERE } from './cable.routes.js';
import { MAX_IDENTIFIER_LENGTH, MAX_SUBSCRIPTIONS } from './connection.js';

const ACCOUNT = JSON.stringify({ channel: 'AccountChannel' });

const bed = cableTestBed();

async function start(
  dialect: TestDialect,
  env: Record<string, string> = {},
  logs?: ReturnType<typeof captureLogs>,
) {
  const { app, cableUrl } = await bed.start(dialect, { env, logger: logs?.logger });
  const db = app.database.db;
  const user = await createUser(db);
  const { token, sessionId } = await signIn(db, user.id);

  async function connect(options: OpenOptions = {}) {
    const socket = await RawSocket.open(cableUrl, { token, ...options });
    bed.track(socket);
    return socket;
  }
  async function welcomed(options: OpenOptions = {}) {
    const socket = await RawSocket.welcomed(cableUrl, { token, ...options });
    bed.track(socket);
    return socket;
  }
  return { app, db, cableUrl, user, token, sessionId, connect, welcomed };
}

describe.each(testDialects)('the Action Cable server at /cable on %s', (dialect) => {
  describe('connecting', () => {
    it('chooses the actioncable-v1-json subprotocol and welcomes a valid token', async () => {
      const { connect } = await start(dialect);
      const socket = await connect();
      expect(socket.socket.protocol).toBe('actioncable-v1-json');
      expect(await socket.next()).toEqual({ type: 'welcome' });
    });

    it('pings every 3 seconds with the unix time in seconds', async () => {
      const { welcomed } = await start(dialect);
      const socket = await welcomed();
      const first = await socket.next({ pings: true, timeoutMs: 3500 });
      const second = await socket.next({ pings: true, timeoutMs: 3500 });
      const now = Date.now() / 1000;
      for (const ping of [first, second]) {
        expect(Object.keys(ping)).toEqual(['type', 'message']);
        expect(Number.isInteger(ping.message)).toBe(true);
        expect(Math.abs(Number(ping.message) - now)).toBeLessThan(8);
      }
      expect(Number(second.message) - Number(first.message)).toBeGreaterThanOrEqual(2);
    });

    it('answers a missing, unknown, pending or expired token with disconnect unauthorized, no reconnect', async () => {
      const { app, db, user, connect, cableUrl } = await start(dialect);
      const pending = await signIn(db, user.id, 'qr', true);
      const expired = await signIn(db, user.id);
      await db
        .updateTable('sessions')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('id', '=', expired.sessionId)
        .execute();
      for (const token of ['', 'not-a-token', 'A'.repeat(43), pending.token, expired.token]) {
        const socket = await connect({ token });
        expect(await socket.next(), token).toEqual({
          type: 'disconnect',
          reason: 'unauthorized',
          reconnect: false,
        });
        expect((await socket.closed).code).toBe(1000);
        expect(socket.frames.some((frame) => frame.type === 'welcome')).toBe(false);
      }
      const noToken = bed.track(await RawSocket.open(cableUrl, {}));
      expect(await noToken.next()).toMatchObject({ type: 'disconnect', reason: 'unauthorized' });
      expect(app.websocketServer.clients.size).toBeLessThanOrEqual(1);
    });

    it('refuses a foreign Origin, or none, with 403 before any socket opens', async () => {
      const { connect } = await start(dialect);
      for (const origin of ['https://evil.example', 'http://app.test.evil.example', 'null', null]) {
        const refused = await connect({ origin }).catch((error: unknown) => error);
        expect(refused, String(origin)).toBeInstanceOf(RefusedUpgrade);
        expect((refused as RefusedUpgrade).status).toBe(403);
        expect(JSON.parse((refused as RefusedUpgrade).body)).toEqual({
          error: 'origin_not_allowed',
          message: 'This site may not open the push channel.',
        });
      }
    });

    it('accepts the origins of CABLE_ALLOWED_ORIGINS besides the public URL', async () => {
      const { welcomed } = await start(dialect, {
        CABLE_ALLOWED_ORIGINS: 'https://m.app.test, http://localhost:5173',
      });
      await expect(welcomed({ origin: 'https://m.app.test' })).resolves.toBeInstanceOf(RawSocket);
      await expect(welcomed({ origin: 'http://localhost:5173' })).resolves.toBeInstanceOf(RawSocket);
      await expect(welcomed({ origin: 'http://app.test' })).resolves.toBeInstanceOf(RawSocket);
    });

    it('never writes the token to the log', async () => {
      const logs = captureLogs();
      const { token, connect, welcomed } = await start(dialect, {}, logs);
      const socket = await welcomed();
      await socket.subscribe(ACCOUNT);
      socket.send('not json');
      await socket.closed;
      await connect({ origin: 'https://evil.example' }).catch(() => {});
      const tooBig = await welcomed();
      tooBig.send('x'.repeat(65 * 1024));
      await tooBig.closed;
      await bed.closeServer();
      const log = logs.text();
      expect(log).toContain('/cable?token=[REDACTED]');
      expect(log).toContain('origin not allowed');
      expect(log).not.toContain(token);
      expect(log).not.toContain(encodeURIComponent(token));
    });

    it('refuses an upgrade to any other path with 404, the security headers, and a closed socket', async () => {
      const { cableUrl, token } = await start(dialect);
      for (const path of ['/api/v1/me', '/healthz', '/nowhere', '/cable/']) {
        const url = cableUrl.replace(/\/cable$/, path);
        const refused = await RawSocket.open(url, { token }).catch((error: unknown) => error);
        expect(refused, path).toBeInstanceOf(RefusedUpgrade);
        expect((refused as RefusedUpgrade).status).toBe(404);
        expect(JSON.parse((refused as RefusedUpgrade).body)).toEqual({
          error: 'not_found',
          message: NO_SOCKET_HERE,
        });
      }
      // Read raw: the whole reply, then the server's end of the connection (for a POST to /cable too).
      const { port } = new URL(cableUrl);
      const rawUpgrade = (target: string) =>
        new Promise<string>((resolve, reject) => {
          const socket = connectTcp(Number(port), '127.0.0.1', () =>
            socket.write(
              `${target} HTTP/1.1\r\nhost: app.test\r\nconnection: upgrade\r\nupgrade: websocket\r\n` +
                'sec-websocket-version: 13\r\nsec-websocket-key: dGhlIHNhbXBsZSBub25jZQ==\r\ncontent-length: 0\r\n\r\n',
            ),
          );
          let text = '';
          socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
          socket.on('end', () => resolve(text));
          socket.on('error', reject);
        });
      const posted = await rawUpgrade(`POST /cable?token=${token}`);
      expect(posted.startsWith('HTTP/1.1 404 Not Found\r\n')).toBe(true);
      const reply = await rawUpgrade('GET /api/v1/me?token=x');
      expect(reply.startsWith('HTTP/1.1 404 Not Found\r\n')).toBe(true);
      expect(reply).toContain('\r\nx-frame-options: DENY\r\n');
      expect(reply).toContain('\r\ncache-control: no-store\r\n');
      expect(reply).toContain('\r\ncontent-security-policy: ');
    });

    it('answers a plain HTTP request with 426 and the JSON error shape', async () => {
      const { app } = await start(dialect);
      const reply = await app.inject('/cable');
      expect(reply.statusCode).toBe(426);
      expect(reply.json()).toEqual({
        error: 'upgrade_required',
        message: 'This address is the push channel: open it as a WebSocket (Action Cable protocol).',
      });
    });

    it('processes commands sent before the welcome once the token checked out', async () => {
      const { connect } = await start(dialect);
      const socket = await connect();
      socket.send({ command: 'subscribe', identifier: ACCOUNT });
      expect(await socket.next()).toEqual({ type: 'welcome' });
      expect(await socket.next()).toEqual({ identifier: ACCOUNT, type: 'confirm_subscription' });
    });
  });

  describe('subscriptions', () => {
    it('confirms AccountChannel and echoes the identifier byte for byte', async () => {
      const { welcomed } = await start(dialect);
      const socket = await welcomed();
      const identifier = '{ "channel" : "AccountChannel", "device":"t\\u00e9l\\u00e9phone ☎" }';
      socket.send({ command: 'subscribe', identifier });
      const reply = await socket.next();
      expect(reply).toEqual({ identifier, type: 'confirm_subscription' });
      expect(Object.keys(reply)).toEqual(['identifier', 'type']);
    });

    it('rejects unknown channels and identifiers that name no channel', async () => {
      const { welcomed } = await start(dialect);
      const socket = await welcomed();
      for (const identifier of [
        JSON.stringify({ channel: 'AdminChannel' }),
        JSON.stringify({ channel: 'accountchannel' }),
        JSON.stringify({ room: 1 }),
        JSON.stringify('AccountChannel'),
        '[]',
        'not json',
        JSON.stringify({ channel: 'AccountChannel', pad: 'x'.repeat(MAX_IDENTIFIER_LENGTH) }),
      ]) {
        socket.send({ command: 'subscribe', identifier });
        expect(await socket.next()).toEqual({ identifier, type: 'reject_subscription' });
      }
    });

    it(`rejects subscriptions past ${MAX_SUBSCRIPTIONS} on one connection`, async () => {
      const { welcomed } = await start(dialect);
      const socket = await welcomed();
      for (let n = 0; n < MAX_SUBSCRIPTIONS; n++) {
        await socket.subscribe(JSON.stringify({ channel: 'AccountChannel', n }));
      }
      const extra = JSON.stringify({ channel: 'AccountChannel', n: 'extra' });
      socket.send({ command: 'subscribe', identifier: extra });
      expect(await socket.next()).toEqual({ identifier: extra, type: 'reject_subscription' });
    });

    it('ignores a repeated subscribe, as the official client repeats them until confirmed', async () => {
      const { welcomed } = await start(dialect);
      const socket = await welcomed();
      await socket.subscribe(ACCOUNT);
      socket.send({ command: 'subscribe', identifier: ACCOUNT });
      const other = JSON.stringify({ channel: 'AccountChannel', tab: 2 });
      await socket.subscribe(other);
    });

    it('stops sending to a subscription after unsubscribe', async () => {
      const { app, user, welcomed } = await start(dialect);
      const socket = await welcomed();
      const kept = await socket.subscribe(JSON.stringify({ channel: 'AccountChannel', tab: 1 }));
      const dropped = await socket.subscribe(JSON.stringify({ channel: 'AccountChannel', tab: 2 }));
      socket.send({ command: 'unsubscribe', identifier: dropped });
      socket.send({ command: 'unsubscribe', identifier: 'never subscribed' });
      await new Promise((resolve) => setTimeout(resolve, 50));
      await app.ctx.events.passwordChanged(user.id);
      expect(await socket.next()).toEqual({ identifier: kept, message: { event: 'password_changed' } });
      await app.ctx.events.sessionCreated(user.id, 'qr');
      expect(await socket.next()).toEqual({
        identifier: kept,
        message: { event: 'session_created', kind: 'qr' },
      });
    });
  });

  describe('bad frames', () => {
    it('refuses a frame over 64 KiB by closing with 1009, and takes one of exactly 64 KiB', async () => {
      const { welcomed } = await start(dialect);
      const fits = await welcomed();
      const envelope = JSON.stringify({ command: 'message', identifier: ACCOUNT, data: '' });
      const padding = 64 * 1024 - Buffer.byteLength(envelope);
      fits.send(JSON.stringify({ command: 'message', identifier: ACCOUNT, data: 'x'.repeat(padding) }));
      await fits.subscribe(ACCOUNT);

      const tooBig = await welcomed();
      tooBig.send(JSON.stringify({ command: 'message', identifier: ACCOUNT, data: 'x'.repeat(padding + 1) }));
      expect((await tooBig.closed).code).toBe(1009);
    });

    it('answers frames that do not speak the protocol with disconnect invalid_request, and nobody else notices', async () => {
      const { app, user, welcomed } = await start(dialect);
      const bystander = await welcomed();
      await bystander.subscribe(ACCOUNT);
      for (const frame of [
        'not json',
        '[]',
        'null',
        '42',
        JSON.stringify({ command: 'subscribe' }),
        JSON.stringify({ command: 'subscribe', identifier: { channel: 'AccountChannel' } }),
        JSON.stringify({ identifier: ACCOUNT }),
        Buffer.from(JSON.stringify({ command: 'subscribe', identifier: ACCOUNT })),
      ]) {
        const socket = await welcomed();
        socket.socket.send(frame);
        expect(await socket.next(), String(frame)).toEqual({
          type: 'disconnect',
          reason: 'invalid_request',
          reconnect: false,
        });
        expect((await socket.closed).code).toBe(1000);
      }
      await app.ctx.events.passwordChanged(user.id);
      expect(await bystander.next()).toEqual({ identifier: ACCOUNT, message: { event: 'password_changed' } });
    });

    it('ignores unknown commands and channel actions, and keeps the connection', async () => {
      const { welcomed } = await start(dialect);
      const socket = await welcomed();
      await socket.subscribe(ACCOUNT);
      socket.send({ command: 'history', identifier: ACCOUNT });
      socket.send({ command: 'message', identifier: ACCOUNT, data: JSON.stringify({ action: 'destroy' }) });
      socket.send({ command: 'message', identifier: ACCOUNT, data: 'not json' });
      socket.send({ command: 'message', identifier: 'unknown', data: '{}' });
      await socket.subscribe(JSON.stringify({ channel: 'AccountChannel', still: 'alive' }));
    });
  });

  describe('AccountChannel events', () => {
    it('streams session_created with its kind and password_changed to every socket of the user', async () => {
      const { app, db, user, welcomed, cableUrl } = await start(dialect);
      const other = await signIn(db, user.id, 'signup');
      const first = await welcomed();
      const second = await welcomed({ token: other.token });
      const stranger = await createUser(db, { email: 'bob@example.com' });
      const strangerSocket = await RawSocket.welcomed(cableUrl, {
        token: (await signIn(db, stranger.id)).token,
      });
      bed.track(strangerSocket);
      for (const socket of [first, second, strangerSocket]) await socket.subscribe(ACCOUNT);

      for (const kind of ['password', 'signup', 'qr'] as const) {
        await app.ctx.events.sessionCreated(user.id, kind);
      }
      await app.ctx.events.passwordChanged(user.id);
      for (const socket of [first, second]) {
        expect([await socket.next(), await socket.next(), await socket.next(), await socket.next()]).toEqual([
          { identifier: ACCOUNT, message: { event: 'session_created', kind: 'password' } },
          { identifier: ACCOUNT, message: { event: 'session_created', kind: 'signup' } },
          { identifier: ACCOUNT, message: { event: 'session_created', kind: 'qr' } },
          { identifier: ACCOUNT, message: { event: 'password_changed' } },
        ]);
      }
      await expect(strangerSocket.next({ timeoutMs: 300 })).rejects.toThrow(/No frame/);
    });

    it('sends signed_out only to the sockets of the revoked session, then disconnects them', async () => {
      const { app, db, user, sessionId, welcomed } = await start(dialect);
      const revoked = await welcomed();
      const unsubscribed = await welcomed();
      const kept = await welcomed({ token: (await signIn(db, user.id)).token });
      await revoked.subscribe(ACCOUNT);
      await kept.subscribe(ACCOUNT);

      await app.ctx.events.signedOut([sessionId], 'device_sign_out');
      expect(await revoked.next()).toEqual({
        identifier: ACCOUNT,
        message: { event: 'signed_out', reason: 'device_sign_out' },
      });
      for (const socket of [revoked, unsubscribed]) {
        expect(await socket.next()).toEqual({ type: 'disconnect', reason: 'signed_out', reconnect: false });
        expect((await socket.closed).code).toBe(1000);
      }
      await app.ctx.events.passwordChanged(user.id);
      expect(await kept.next()).toEqual({ identifier: ACCOUNT, message: { event: 'password_changed' } });
    });

    it('sends account_deleted to every socket of the user, then disconnects them all', async () => {
      const { app, db, user, welcomed } = await start(dialect);
      const first = await welcomed();
      const second = await welcomed({ token: (await signIn(db, user.id, 'qr')).token });
      await first.subscribe(ACCOUNT);
      await second.subscribe(ACCOUNT);
      await app.ctx.events.accountDeleted(user.id);
      for (const socket of [first, second]) {
        expect(await socket.next()).toEqual({ identifier: ACCOUNT, message: { event: 'account_deleted' } });
        expect(await socket.next()).toEqual({
          type: 'disconnect',
          reason: 'account_deleted',
          reconnect: false,
        });
        expect((await socket.closed).code).toBe(1000);
      }
    });

    it('ignores a broadcast that is not an account event', async () => {
      const { app, user, welcomed } = await start(dialect);
      const socket = await welcomed();
      await socket.subscribe(ACCOUNT);
      await app.ctx.bus.publish(`account:user:${user.id}`, { event: { event: 'pwned' }, disconnect: true });
      await app.ctx.bus.publish(`account:user:${user.id}`, 'garbage');
      await app.ctx.events.passwordChanged(user.id);
      expect(await socket.next()).toEqual({ identifier: ACCOUNT, message: { event: 'password_changed' } });
    });
  });

  it('tells every socket to reconnect elsewhere when the server shuts down', async () => {
    const { welcomed } = await start(dialect);
    const socket = await welcomed();
    const closing = bed.closeServer();
    expect(await socket.next()).toEqual({ type: 'disconnect', reason: 'server_restart', reconnect: true });
    expect((await socket.closed).code).toBe(1000);
    await closing;
  });
});
