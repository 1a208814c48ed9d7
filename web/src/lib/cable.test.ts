import * as actionCable from '@rails/actioncable';
import { WebSocket as NodeWebSocket, WebSocketServer, type WebSocket as ServerSocket } from 'ws';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AccountEvent } from '@contract/cable';
import { cableUrlWithToken, configureCableTiming, openAccountChannel, pollIntervalMs } from './cable';

describe('the cable timing of DESIGN section 5', () => {
  it('reopens after 500 ms and counts a connection stale after 6 s without a ping', () => {
    configureCableTiming(actionCable);
    expect(actionCable.Connection.reopenDelay).toBe(500);
    expect(actionCable.ConnectionMonitor.staleThreshold).toBe(6);
  });

  it('polls for reconnection between 3 and 30 s, backing off with the attempts', () => {
    configureCableTiming(actionCable);
    const monitor = new (
      actionCable.ConnectionMonitor as unknown as new (connection: object) => {
        reconnectAttempts: number;
        getPollInterval(): number;
      }
    )({});
    const intervals = [0, 1, 2, 5, 10, 100, 10_000].map((attempts) => {
      monitor.reconnectAttempts = attempts;
      return monitor.getPollInterval();
    });
    expect(intervals[0]).toBe(3000);
    expect(intervals.at(-1)).toBe(30_000);
    expect(intervals).toEqual([...intervals].sort((a, b) => a - b));
    intervals.forEach((interval) => expect(interval).toBeGreaterThanOrEqual(3000));
    expect(pollIntervalMs(5)).toBe(Math.round(5 * Math.log(6) * 1000));
  });
});

describe('cableUrlWithToken', () => {
  it('adds the token, encoded, to the URL of the meta tag', () => {
    expect(cableUrlWithToken('/cable', 'a+b/c=')).toBe('/cable?token=a%2Bb%2Fc%3D');
    expect(cableUrlWithToken('wss://push.example/cable?v=1', 't')).toBe(
      'wss://push.example/cable?v=1&token=t',
    );
  });
});

/** A minimal Action Cable peer, enough to see what the page's consumer sends and to push it events. */
async function standInCable() {
  const server = new WebSocketServer({ port: 0, handleProtocols: () => 'actioncable-v1-json' });
  await new Promise((resolve) => server.once('listening', resolve));
  const received: unknown[] = [];
  const urls: string[] = [];
  let socket: ServerSocket | undefined;
  server.on('connection', (connection, request) => {
    socket = connection;
    urls.push(request.url ?? '');
    connection.on('message', (data) => received.push(JSON.parse(String(data))));
    connection.send(JSON.stringify({ type: 'welcome' }));
  });
  const { port } = server.address() as { port: number };
  return {
    url: `ws://127.0.0.1:${port}/cable`,
    urls,
    received,
    send: (frame: object) => socket?.send(JSON.stringify(frame)),
    closed: () => new Promise((resolve) => socket?.once('close', resolve)),
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
}

// jsdom 31 builds its WebSocket on undici, which fires events made with jsdom's Event through Node's own
// EventTarget, and Node refuses them (nodejs/undici#2663): no open or close event ever arrives. The consumer
// here talks to a real socket through `ws`, the library jsdom's WebSocket used before.
const pageWebSocket = actionCable.adapters.WebSocket;
beforeAll(() => {
  actionCable.adapters.WebSocket = NodeWebSocket as unknown as typeof WebSocket;
});
afterAll(() => {
  actionCable.adapters.WebSocket = pageWebSocket;
});

let stop: (() => Promise<unknown>) | undefined;
afterEach(async () => {
  await stop?.();
  stop = undefined;
});

describe('openAccountChannel', () => {
  it('connects with the token, subscribes to AccountChannel and hands over its events', async () => {
    const cable = await standInCable();
    stop = cable.stop;
    const events: AccountEvent[] = [];
    const close = openAccountChannel({
      cableUrl: cable.url,
      token: 'tok en',
      onEvent: (e) => events.push(e),
    });
    const identifier = JSON.stringify({ channel: 'AccountChannel' });
    await vi.waitFor(() => expect(cable.received).toContainEqual({ command: 'subscribe', identifier }));
    expect(cable.urls).toEqual(['/cable?token=tok%20en']);

    cable.send({ identifier, type: 'confirm_subscription' });
    cable.send({ identifier, message: { event: 'session_created', kind: 'qr' } });
    cable.send({ identifier, message: { event: 'not_an_event' } });
    cable.send({ identifier, message: 'garbage' });
    const subscription = {
      id: 'I-1',
      plan: 'weekly',
      status: 'ACTIVE',
      entitled: true,
      next_billing_at: '2027-03-05T10:00:00.000Z',
      access_until: null,
      payment_failed: false,
    } as const;
    cable.send({ identifier, message: { event: 'subscription_changed', subscription } });
    cable.send({ identifier, message: { event: 'account_deleted' } });
    await vi.waitFor(() =>
      expect(events).toEqual([
        { event: 'session_created', kind: 'qr' },
        { event: 'subscription_changed', subscription },
        { event: 'account_deleted' },
      ]),
    );

    const closed = cable.closed();
    close();
    await closed;
  });

  it('opens nothing when it is closed before the client has loaded', async () => {
    const cable = await standInCable();
    stop = cable.stop;
    openAccountChannel({ cableUrl: cable.url, token: 'gone', onEvent: () => {} })();
    // Long enough for the client's chunk to load and a connection to be made, had it not been closed.
    await import('@rails/actioncable');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(cable.urls).toEqual([]);
  });

  it('reports a refusal that no account event explains, and only that', async () => {
    const identifier = JSON.stringify({ channel: 'AccountChannel' });
    const refusal = { type: 'disconnect', reason: 'unauthorized', reconnect: false };
    const cases = [
      { frames: [refusal], refused: true },
      {
        frames: [
          { identifier, message: { event: 'signed_out' } },
          { ...refusal, reason: 'signed_out' },
        ],
        refused: false,
      },
      { frames: [{ type: 'disconnect', reason: 'server_restart', reconnect: true }], refused: false },
    ];
    for (const { frames, refused } of cases) {
      const cable = await standInCable();
      const onRefused = vi.fn();
      const close = openAccountChannel({ cableUrl: cable.url, token: 't', onEvent: () => {}, onRefused });
      await vi.waitFor(() => expect(cable.received).toContainEqual({ command: 'subscribe', identifier }));
      const closed = cable.closed();
      frames.forEach((frame) => cable.send(frame));
      await closed;
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(onRefused, JSON.stringify(frames)).toHaveBeenCalledTimes(refused ? 1 : 0);
      close();
      await cable.stop();
    }
  });

  it('does not report its own closing as a refusal', async () => {
    const cable = await standInCable();
    stop = cable.stop;
    const onRefused = vi.fn();
    const close = openAccountChannel({ cableUrl: cable.url, token: 't', onEvent: () => {}, onRefused });
    await vi.waitFor(() => expect(cable.received.length).toBeGreaterThan(0));
    const closed = cable.closed();
    close();
    await closed;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(onRefused).not.toHaveBeenCalled();
  });
});
