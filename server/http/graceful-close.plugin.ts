import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Connections of the HTTP server and how many of their requests are being handled. A connection with no
 * request handed to the app is idle, or still sending the headers of one (a slow client, a slow-loris):
 * Node's own closeIdleConnections counts the second kind as busy and waits for it until its deadline.
 */
function trackConnections(app: FastifyInstance) {
  const handling = new Map<Socket, number>();
  let closed = false;
  const server = app.server;
  server.on('connection', (socket: Socket) => {
    // Between the start of the close and the listener's end: refused, as the closed listener would.
    if (closed) return void socket.destroy();
    handling.set(socket, 0);
    socket.once('close', () => handling.delete(socket));
  });
  // A socket handed to the push channel is that channel's to close (with its own goodbye).
  server.on('upgrade', (request: { socket: Socket }) => handling.delete(request.socket));
  server.on('request', (request: { socket: Socket }, response: { once(e: 'close', f: () => void): void }) => {
    const { socket } = request;
    if (!handling.has(socket)) return;
    handling.set(socket, handling.get(socket)! + 1);
    response.once('close', () => {
      if (handling.has(socket)) handling.set(socket, handling.get(socket)! - 1);
    });
  });
  return {
    /** Ends every connection that has no request being handled: what it had begun to send is dropped. */
    closeWaiting() {
      closed = true;
      for (const [socket, count] of handling) if (count === 0) socket.destroy();
    },
  };
}

/**
 * Graceful shutdown: Node closes idle keep-alive connections once, when closing starts; a reply that was
 * in flight then would leave its connection open and the close waiting. Replies sent while closing say
 * `Connection: close`, so every connection ends with its last reply. A connection still sending its headers
 * is ended at once: nothing of it was accepted yet, and waiting for it would hold the close up to the
 * headers deadline (DESIGN section 7: a shutdown closes connections with unfinished requests and exits 0).
 */
async function gracefulClose(app: FastifyInstance) {
  let closing = false;
  const connections = trackConnections(app);
  app.addHook('preClose', async () => {
    closing = true;
    // Before the server's close, which waits for every connection to end.
    connections.closeWaiting();
  });
  // Synchronous: it runs on every reply, and an async hook costs a promise and a turn of the microtask queue.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
}

export default fp(gracefulClose, { name: 'graceful-close' });
