import type { FastifyBaseLogger } from 'fastify';

/** Work that runs after the reply, tracked so shutdown (and a test) can wait for it. */
export class BackgroundQueue {
  private readonly inFlight = new Set<Promise<void>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  /** Runs `task` once `after` settles (the reply is written), never in the request's own turn. */
  run(task: () => Promise<void>, after: Promise<void>): void {
    const running = after
      .then(task)
      .catch((error: unknown) => this.log.error({ err: error }, 'background work failed'));
    this.inFlight.add(running);
    void running.finally(() => this.inFlight.delete(running));
  }

  async flush(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }
}
