import { EventEmitter } from 'node:events';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { API_PATHS } from '../../contract/api-paths.js';
import { CABLE_SUBPROTOCOL } from '../../contract/cable.js';
import { originNotAllowed, upgradeRequired } from '../http/errors.js';
import { addressSubject } from '../rate-limit/client-address.js';
import { apiHeaderBlock } from '../security/headers.js';
import { authenticateToken, currentDeadline, sessionDeadline } from '../sessions/sessions.service.js';
import { ACCOUNT_CHANNEL, listenToAccount, tellExpired } from './account-channel.js';
import { CableConnection, type CableContext } from './connection.js';
import { originChecker } from './origin.js';
import { pingFrame } from './protocol.js';
import { LocalSessionSocketCap, RedisSessionSocketCap } from './session-socket-cap.js';
import { SocketCounter } from './socket-limits.js';

export const CABLE_PATH = API_PATHS.cable;
/** DESIGN section 7: push frames over 64 KiB are refused (ws closes the socket with 1009). */
export const MAX_FRAME_BYTES = 64 * 1024;
/** Action Cable's beat: the official client counts a connection stale after two missed pings. */
export const PING_INTERVAL_MS = 3000;
const PING_SLICES = 10;

const tokenOf = (url: string) => new URL(url, 'http://cable').searchParams.get('token');

/** What an upgrade to any other path gets: there is one socket, and this says where. */
export const NO_SOCKET_HERE = 'There is no WebSocket at this address: the push channel is /cable.';

/** A request target's path, without its query (which may hold a token, so it is never logged). */
const pathOf = (url = '') => url.split('?', 1)[0]!;

/**
 * Upgrade requests, sorted before any route runs (decision 211): those for /cable go on to the socket
 * plugin through the emitter returned, which it listens to instead of the server; any other (another path,
 * or another method than GET) is answered 404 here, with the security headers of every reply, and its
 * socket closed. So the plugin's hooks and its wrapper around route handlers serve the one socket route,
 * not every HTTP request of the API.
 */
function sortUpgrades(app: FastifyInstance): EventEmitter {
  const cableUpgrades = new EventEmitter();
  const body = JSON.stringify({ error: 'not_found', message: NO_SOCKET_HERE });
  const headers = { ...apiHeaderBlock(app.config), 'cache-control': 'no-store' };
  const refusal = [
    'HTTP/1.1 404 Not Found',
    'connection: close',
    'content-type: application/json; charset=utf-8',
    `content-length: ${Buffer.byteLength(body)}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    '',
    body,
  ].join('\r\n');
  const sort = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = pathOf(request.url);
    // Only a GET can become a socket; any other method would get a reply that leaves the socket open.
    if (path === CABLE_PATH && request.method === 'GET') {
      cableUpgrades.emit('upgrade', request, socket, head);
      return;
    }
    app.log.info({ method: request.method, path, statusCode: 404 }, 'upgrade refused: no socket here');
    // A client gone before the reply is written is nobody's concern.
    socket.on('error', () => socket.destroy());
    socket.end(refusal);
  };
  app.server.on('upgrade', sort);
  app.addHook('onClose', () => void app.server.off('upgrade', sort));
  return cableUpgrades;
}

/**
 * The Action Cable server at /cable. @fastify/websocket lives in a scope of its own with the one route,
 * and hears only the upgrades for /cable (sortUpgrades).
 */
async function cable(app: FastifyInstance) {
  const { config } = app.ctx;
  const sessionCap = config.redisUrl
    ? new RedisSessionSocketCap(config.redisUrl, config.redisKeyPrefix, app.log)
    : new LocalSessionSocketCap();
  // After the sockets are closed (preClose below): each gives its place back first.
  app.addHook('onClose', () => sessionCap.close());
  const context: CableContext = {
    authenticate: async (token) => {
      const found = await authenticateToken(app.ctx.db, token);
      return (
        found && {
          userId: found.user.id,
          sessionId: found.session.id,
          deadline: sessionDeadline(found.session),
        }
      );
    },
    deadlineOf: (sessionId) => currentDeadline(app.ctx.db, sessionId),
    expired: tellExpired,
    listen: listenToAccount(app.ctx.bus),
    channels: new Set([ACCOUNT_CHANNEL]),
    open: new Set(),
    socketsPerSession: sessionCap,
    // Per instance: behind a balancer spreading sockets, one address may hold this many on each.
    socketsPerAddress: new SocketCounter(app.config.cableMaxSocketsPerAddress),
    pingSlices: PING_SLICES,
    log: app.log,
  };

  // Each socket is pinged every 3 s, but not all in the same instant: the beat is split into slices, so
  // ten thousand pings never queue up in front of a broadcast.
  let slice = 0;
  const heartbeat = setInterval(() => {
    slice = (slice + 1) % PING_SLICES;
    const frame = Buffer.from(pingFrame());
    for (const connection of context.open) if (connection.pingSlice === slice) connection.send(frame);
  }, PING_INTERVAL_MS / PING_SLICES);
  heartbeat.unref();
  app.ctx.metrics.countSocketsWith(() => context.open.size);

  // Runs before @fastify/websocket's own preClose, which then waits for these sockets to finish closing.
  app.addHook('preClose', async () => {
    clearInterval(heartbeat);
    for (const connection of [...context.open]) connection.close('server_restart', true);
  });

  const cableUpgrades = sortUpgrades(app);
  const allowedOrigin = originChecker(app.config.cableAllowedOrigins);
  await app.register(async (scope) => {
    await scope.register(websocket, {
      options: {
        // The plugin listens to this emitter's upgrades as it would to the server's (sortUpgrades).
        server: cableUpgrades as unknown as Server,
        maxPayload: MAX_FRAME_BYTES,
        perMessageDeflate: false,
        handleProtocols: (protocols) => (protocols.has(CABLE_SUBPROTOCOL) ? CABLE_SUBPROTOCOL : false),
      },
      // Socket errors (a client gone, a frame too large) are the client's business: ws has closed already.
      errorHandler: (error, socket, request) => {
        request.log.debug({ err: error }, 'cable: socket error');
        if (socket.readyState === socket.OPEN) socket.terminate();
      },
    });
    scope.route({
      method: 'GET',
      url: CABLE_PATH,
      schema: { hide: true },
      onRequest: async (request) => {
        if (request.ws && !allowedOrigin(request.headers.origin)) {
          request.log.warn({ origin: request.headers.origin ?? null }, 'cable: origin not allowed');
          throw originNotAllowed();
        }
      },
      handler: async () => {
        throw upgradeRequired();
      },
      wsHandler: (socket, request) => {
        void new CableConnection(socket, context).start(tokenOf(request.url), addressSubject(request.ip));
      },
    });
    // The sockets' server, for the process's own view of them (tests count its clients).
    app.decorate('websocketServer', scope.websocketServer);
  });
}

export default fp(cable, { name: 'cable', dependencies: ['config', 'app-context'] });
