import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';
import { cableTestBed, createUser, RawSocket, signIn } from '../test/cable-kit.js';
import { testDialects } from '../test/helper.js';

const bed = cableTestBed();
const DAY_MS = 24 * 60 * 60 * 1000;
const refused = { type: 'disconnect', reason: 'too_many_connections', reconnect: false };

describe.each(testDialects)('push sockets on %s', (dialect) => {
  it('are at most 20 per session: the 21st is refused, and a closed one frees its place', async () => {
    const { app, cableUrl } = await bed.start(dialect);
    const user = await createUser(app.database.db);
    const { token } = await signIn(app.database.db, user.id);
    const open: RawSocket[] = [];
    for (let n = 0; n < 20; n += 1) open.push(bed.track(await RawSocket.welcomed(cableUrl, { token })));
    const extra = bed.track(await RawSocket.open(cableUrl, { token }));
    expect(await extra.next()).toEqual(refused);
    await extra.closed;
    // Another session of the same user has places of its own.
    const other = await signIn(app.database.db, user.id);
    bed.track(await RawSocket.welcomed(cableUrl, { token: other.token }));
    open[0]!.close();
    await open[0]!.closed;
    // The server hears of the close a moment after the client: ask until it has.
    const reopen = async () => (await bed.track(await RawSocket.open(cableUrl, { token })).next()).type;
    await expect.poll(reopen).toBe('welcome');
  });

  it('are at most CABLE_MAX_SOCKETS_PER_IP per address, whatever the session', async () => {
    const { app, cableUrl } = await bed.start(dialect, { env: { CABLE_MAX_SOCKETS_PER_IP: '3' } });
    const user = await createUser(app.database.db);
    for (let n = 0; n < 3; n += 1) {
      const { token } = await signIn(app.database.db, user.id);
      bed.track(await RawSocket.welcomed(cableUrl, { token }));
    }
    const { token } = await signIn(app.database.db, user.id);
    const extra = bed.track(await RawSocket.open(cableUrl, { token }));
    expect(await extra.next()).toEqual(refused);
  });

  it('close when their session reaches its idle deadline unused', async () => {
    const { app, cableUrl } = await bed.start(dialect);
    const user = await createUser(app.database.db);
    const { token, sessionId } = await signIn(app.database.db, user.id);
    const soon = new Date(Date.now() + 1500).toISOString();
    await app.database.db
      .updateTable('sessions')
      .set({ expires_at: soon })
      .where('id', '=', sessionId)
      .execute();
    const socket = bed.track(await RawSocket.welcomed(cableUrl, { token }));
    expect(await socket.next({ timeoutMs: 10_000 })).toEqual({
      type: 'disconnect',
      reason: 'unauthorized',
      reconnect: false,
    });
    await socket.closed;
  });

  it('tell their page the session expired before they close at its deadline', async () => {
    const { app, cableUrl } = await bed.start(dialect);
    const user = await createUser(app.database.db);
    const { token, sessionId } = await signIn(app.database.db, user.id);
    await app.database.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() + 1500).toISOString() })
      .where('id', '=', sessionId)
      .execute();
    const socket = bed.track(await RawSocket.welcomed(cableUrl, { token }));
    const account = JSON.stringify({ channel: 'AccountChannel' });
    await socket.subscribe(account);
    expect(await socket.next({ timeoutMs: 10_000 })).toEqual({
      identifier: account,
      message: { event: 'signed_out', reason: 'expired' },
    });
    expect(await socket.next()).toEqual({ type: 'disconnect', reason: 'unauthorized', reconnect: false });
  });

  it('close when their session turns one year old, however recently it was used', async () => {
    const { app, cableUrl } = await bed.start(dialect);
    const user = await createUser(app.database.db);
    const { token, sessionId } = await signIn(app.database.db, user.id);
    const born = new Date(Date.now() - 365 * DAY_MS + 1500).toISOString();
    await app.database.db
      .updateTable('sessions')
      .set({ created_at: born })
      .where('id', '=', sessionId)
      .execute();
    const socket = bed.track(await RawSocket.welcomed(cableUrl, { token }));
    expect(await socket.next({ timeoutMs: 10_000 })).toMatchObject({
      type: 'disconnect',
      reason: 'unauthorized',
    });
  });

  it('stay open past the first deadline when the session was used meanwhile', async () => {
    const { app, cableUrl } = await bed.start(dialect);
    const user = await createUser(app.database.db);
    const { token, sessionId } = await signIn(app.database.db, user.id);
    const sessions = app.database.db.updateTable('sessions').where('id', '=', sessionId);
    await sessions.set({ expires_at: new Date(Date.now() + 1000).toISOString() }).execute();
    const socket = bed.track(await RawSocket.welcomed(cableUrl, { token }));
    // Used meanwhile: the deadline moved on, so at the first one the socket must read it again and stay.
    const moved = Date.now() + 2500;
    await sessions.set({ expires_at: new Date(moved).toISOString() }).execute();
    expect(await socket.next({ timeoutMs: 10_000 })).toMatchObject({
      type: 'disconnect',
      reason: 'unauthorized',
    });
    expect(Date.now()).toBeGreaterThanOrEqual(moved);
  });
});

describe('CABLE_MAX_SOCKETS_PER_IP', () => {
  it('defaults to 300 and takes a whole number from 1 to 100000', () => {
    expect(loadConfig({}).cableMaxSocketsPerAddress).toBe(300);
    expect(loadConfig({ CABLE_MAX_SOCKETS_PER_IP: '50' }).cableMaxSocketsPerAddress).toBe(50);
    for (const bad of ['0', 'many', '1.5'])
      expect(() => loadConfig({ CABLE_MAX_SOCKETS_PER_IP: bad })).toThrow(ConfigError);
  });
});
