import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';

/** Settles once the reply has been handed to the connection (or the connection is gone). */
export const writtenOut = (raw: ServerResponse) =>
  new Promise<void>((resolve) => {
    raw.once('finish', resolve).once('close', resolve);
  });

/** Work that runs after the reply, tracked so shutdown (and a test) can wait for it. */
export class BackgroundQueue {
  private readonly inFlight = new Set<Promise<void>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  /**
   * Runs `task` once `after` settles (the reply is written), and then only in a later turn of the event loop:
   * whatever else the reply's end wakes (the client's own callbacks, in a test) runs first, so not even the
   * first statement of the work can land before the requester has the reply.
   */
  run(task: () => Promise<void>, after: Promise<void>): void {
    const running = after
      .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
      .then(task)
      .catch((error: unknown) => this.log.error({ err: error }, 'background work failed'));
    this.inFlight.add(running);
    void running.finally(() => this.inFlight.delete(running));
  }

  async flush(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }
}
