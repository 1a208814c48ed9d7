import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Graceful shutdown: Node closes idle keep-alive connections once, when closing starts; a reply that was
 * in flight then would leave its connection open and the close waiting. Replies sent while closing say
 * `Connection: close`, so every connection ends with its last reply.
 */
async function gracefulClose(app: FastifyInstance) {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // Synchronous: it runs on every reply, and an async hook costs a promise and a turn of the microtask queue.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
}

export default fp(gracefulClose, { name: 'graceful-close' });
