import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

type Release = (error: Error | null, payload: unknown) => void;

/** At most this many replies wait together: a burst of requests never holds its first reply for long. */
export const REPLY_BATCH_LIMIT = 32;

/**
 * Replies handled in one turn of the event loop, written together at its end (docs/decisions/140).
 *
 * Each reply written to a socket whose reader sleeps makes the kernel wake that reader, on a virtual
 * machine an interrupt sent through the hypervisor: 10 µs of this process's CPU here, more than a whole
 * `/healthz`. A server busy with many connections handles several requests per turn; holding their
 * replies to the turn's end (Node's check phase) lets one wake-up of a local reader (the proxy in front,
 * a load generator) find them all. A reply waits at most for the other requests of its turn, and never
 * behind more than `limit` others; a lone request loses nothing but a `setImmediate`.
 */
export class ReplyBatch {
  #held: Array<{ reply: FastifyReply; payload: unknown; release: Release }> = [];
  #scheduled = false;
  readonly #releaseAll = () => {
    this.#scheduled = false;
    this.release();
  };

  constructor(private readonly limit = REPLY_BATCH_LIMIT) {}

  /** Holds a reply (an `onSend` hook's `done` and payload) until the turn ends or the batch is full. */
  hold(reply: FastifyReply, payload: unknown, release: Release): void {
    this.#held.push({ reply, payload, release });
    if (this.#held.length >= this.limit) this.release();
    else if (!this.#scheduled) {
      this.#scheduled = true;
      setImmediate(this.#releaseAll);
    }
  }

  /** Writes every held reply, in the order they were held. */
  release(): void {
    const held = this.#held;
    if (held.length === 0) return;
    this.#held = [];
    for (const { reply, payload, release } of held) {
      try {
        release(null, payload);
      } catch (error) {
        // Fastify catches what its hooks throw; only a fault in writing the reply itself gets here. The
        // others still go out, and this one's client is not left waiting.
        reply.log.error({ err: error }, 'reply could not be written');
        reply.raw.destroy();
      }
    }
  }
}

async function replyBatch(app: FastifyInstance) {
  const batch = new ReplyBatch();
  // Synchronous, like every hook on the request path: an async hook costs a promise on every reply.
  app.addHook('onSend', (_request, reply, payload, done) => {
    batch.hold(reply, payload, done);
  });
}

export default fp(replyBatch, { name: 'reply-batch' });
