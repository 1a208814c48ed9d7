import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { API_PATHS } from '../../contract/api-paths.js';
import { CABLE_SUBPROTOCOL } from '../../contract/cable.js';
import { originNotAllowed, upgradeRequired } from '../http/errors.js';
import { addressSubject } from '../rate-limit/client-address.js';
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

/**
 * The Action Cable server at /cable. Registered before every other route: @fastify/websocket must see
 * all routes to close upgrade requests that reach a route without a socket handler.
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

  await app.register(websocket, {
    options: {
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

  const allowedOrigin = originChecker(app.config.cableAllowedOrigins);
  app.route({
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
}

export default fp(cable, { name: 'cable', dependencies: ['config', 'app-context'] });
