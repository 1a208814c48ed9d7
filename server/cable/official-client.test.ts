import { adapters, createConsumer, type Consumer } from '@rails/actioncable';
import WebSocket from 'ws';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createSharedDatabase,
  createUser,
  listen,
  PUBLIC_URL,
  signIn,
  type ListeningApp,
  type SharedDatabase,
} from '../test/cable-kit.js';
import { testDialects, type TestDialect } from '../test/helper.js';

/**
 * The official @rails/actioncable client, run in Node against the real server on a real port. It expects a
 * browser: a WebSocket global (given through its adapters, as a `ws` socket that sends the page's Origin
 * like a browser does) and window's add/removeEventListener for "visibilitychange". It needs no document
 * when given an absolute ws:// URL.
 */
class BrowserLikeSocket extends WebSocket {
  constructor(url: string, protocols?: string | string[]) {
    super(url, protocols, { origin: PUBLIC_URL });
  }
}

/** What the client keeps inside, beyond its published types. */
interface ConsumerInternals {
  connection: {
    webSocket?: WebSocket;
    isOpen(): boolean;
    getProtocol(): string | undefined;
    monitor: { isRunning(): boolean; reconnectAttempts: number };
  };
}
const internals = (consumer: Consumer) => consumer as unknown as Consumer & ConsumerInternals;

const globals = globalThis as unknown as Record<string, unknown>;
const savedAdapter = adapters.WebSocket;
beforeAll(() => {
  globals.addEventListener ??= () => {};
  globals.removeEventListener ??= () => {};
  adapters.WebSocket = BrowserLikeSocket as unknown as typeof adapters.WebSocket;
});
afterAll(() => {
  adapters.WebSocket = savedAdapter;
});

let database: SharedDatabase | undefined;
let server: ListeningApp | undefined;
const consumers: Consumer[] = [];

afterEach(async () => {
  consumers.splice(0).forEach((consumer) => consumer.disconnect());
  await server?.close();
  await database?.drop();
  server = undefined;
  database = undefined;
});

async function start(dialect: TestDialect) {
  database = await createSharedDatabase(dialect);
  server = await listen(database.url);
  const { app, cableUrl } = server;
  const user = await createUser(app.database.db);
  const { token, sessionId } = await signIn(app.database.db, user.id);
  const consumerFor = (withToken: string) => {
    const consumer = createConsumer(`${cableUrl}?token=${encodeURIComponent(withToken)}`);
    consumers.push(consumer);
    return consumer;
  };
  return { app, user, token, sessionId, consumerFor };
}

/** An AccountChannel subscription whose callbacks are spies. */
function subscribeAccount(consumer: Consumer, channel = 'AccountChannel') {
  const callbacks = {
    connected: vi.fn(),
    disconnected: vi.fn(),
    rejected: vi.fn(),
    received: vi.fn(),
  };
  const subscription = consumer.subscriptions.create(channel, callbacks);
  return { subscription, ...callbacks };
}

describe.each(testDialects)('the official @rails/actioncable client on %s', (dialect) => {
  it('connects over actioncable-v1-json and gets its subscription confirmed', async () => {
    const { consumerFor, token } = await start(dialect);
    const consumer = consumerFor(token);
    const account = subscribeAccount(consumer);
    await vi.waitFor(() => expect(account.connected).toHaveBeenCalledWith({ reconnected: false }));
    expect(internals(consumer).connection.getProtocol()).toBe('actioncable-v1-json');
    expect(account.rejected).not.toHaveBeenCalled();
  });

  it('receives every account event through received()', async () => {
    const { app, user, consumerFor, token } = await start(dialect);
    const account = subscribeAccount(consumerFor(token));
    await vi.waitFor(() => expect(account.connected).toHaveBeenCalled());
    await app.ctx.events.sessionCreated(user.id, 'qr');
    await app.ctx.events.passwordChanged(user.id);
    await vi.waitFor(() =>
      expect(account.received.mock.calls).toEqual([
        [{ event: 'session_created', kind: 'qr' }],
        [{ event: 'password_changed' }],
      ]),
    );
  });

  it('hears signed_out, then stops for good: no reconnect attempts', async () => {
    const { app, sessionId, consumerFor, token } = await start(dialect);
    const consumer = consumerFor(token);
    const account = subscribeAccount(consumer);
    await vi.waitFor(() => expect(account.connected).toHaveBeenCalled());
    await app.ctx.events.signedOut([sessionId], 'device_sign_out');
    await vi.waitFor(() =>
      expect(account.disconnected).toHaveBeenCalledWith({ willAttemptReconnect: false }),
    );
    expect(account.received).toHaveBeenCalledWith({ event: 'signed_out', reason: 'device_sign_out' });
    expect(internals(consumer).connection.monitor.isRunning()).toBe(false);
  });

  it('hears account_deleted on every consumer of the user, each stopping for good', async () => {
    const { app, user, consumerFor, token } = await start(dialect);
    const other = await signIn(app.database.db, user.id, 'qr');
    const pages = [subscribeAccount(consumerFor(token)), subscribeAccount(consumerFor(other.token))];
    await vi.waitFor(() => pages.forEach((page) => expect(page.connected).toHaveBeenCalled()));
    await app.ctx.events.accountDeleted(user.id);
    for (const page of pages) {
      await vi.waitFor(() => expect(page.disconnected).toHaveBeenCalledWith({ willAttemptReconnect: false }));
      expect(page.received).toHaveBeenCalledWith({ event: 'account_deleted' });
    }
  });

  it('is told unauthorized for a bad token and does not retry', async () => {
    const { consumerFor } = await start(dialect);
    const consumer = consumerFor('A'.repeat(43));
    const account = subscribeAccount(consumer);
    await vi.waitFor(() =>
      expect(account.disconnected).toHaveBeenCalledWith({ willAttemptReconnect: false }),
    );
    expect(account.connected).not.toHaveBeenCalled();
    expect(internals(consumer).connection.monitor.isRunning()).toBe(false);
  });

  it('calls rejected() for an unknown channel', async () => {
    const { consumerFor, token } = await start(dialect);
    const consumer = consumerFor(token);
    const nope = subscribeAccount(consumer, 'NopeChannel');
    const account = subscribeAccount(consumer);
    await vi.waitFor(() => expect(nope.rejected).toHaveBeenCalledOnce());
    await vi.waitFor(() => expect(account.connected).toHaveBeenCalled());
    expect(nope.connected).not.toHaveBeenCalled();
  });

  it('is asked to reconnect when the server shuts down', async () => {
    const { consumerFor, token } = await start(dialect);
    const consumer = consumerFor(token);
    const account = subscribeAccount(consumer);
    await vi.waitFor(() => expect(account.connected).toHaveBeenCalled());
    await server?.close();
    server = undefined;
    await vi.waitFor(() => expect(account.disconnected).toHaveBeenCalledWith({ willAttemptReconnect: true }));
  });
});

// Not a matter of the database: one run is enough for a test that waits 12 seconds.
describe('the official client, left idle', () => {
  it('stays on one socket past its 6 s stale threshold, kept fresh by the pings', async () => {
    const { consumerFor, token } = await start('sqlite');
    const consumer = consumerFor(token);
    const account = subscribeAccount(consumer);
    await vi.waitFor(() => expect(account.connected).toHaveBeenCalled());
    const socket = internals(consumer).connection.webSocket;
    // The client checks for staleness 6 to 12 s after opening (its stale threshold plus jitter).
    await new Promise((resolve) => setTimeout(resolve, 12_500));
    expect(internals(consumer).connection.webSocket).toBe(socket);
    expect(internals(consumer).connection.isOpen()).toBe(true);
    expect(internals(consumer).connection.monitor.reconnectAttempts).toBe(0);
    expect(account.disconnected).not.toHaveBeenCalled();
  }, 20_000);
});
