/**
 * Where push messages travel between the code that causes them and the sockets that deliver them.
 * In-process on one machine; a Redis implementation of the same interface carries them across instances.
 */
export type BusHandler = (message: unknown) => void;

export interface PushBus {
  publish(stream: string, message: unknown): Promise<void>;
  /** Returns the function that ends the subscription. */
  subscribe(stream: string, handler: BusHandler): Promise<() => void>;
  close(): Promise<void>;
}

export class InProcessBus implements PushBus {
  private readonly streams = new Map<string, Set<BusHandler>>();

  async publish(stream: string, message: unknown) {
    for (const handler of [...(this.streams.get(stream) ?? [])]) {
      try {
        handler(message);
      } catch {
        // One failing subscriber must not stop delivery to the others.
      }
    }
  }

  async subscribe(stream: string, handler: BusHandler) {
    let handlers = this.streams.get(stream);
    if (!handlers) {
      handlers = new Set();
      this.streams.set(stream, handlers);
    }
    handlers.add(handler);
    return () => {
      handlers.delete(handler);
      if (handlers.size === 0) this.streams.delete(stream);
    };
  }

  async close() {
    this.streams.clear();
  }
}
