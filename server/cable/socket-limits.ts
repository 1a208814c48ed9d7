/** DESIGN section 7: at most 20 push sockets per session. */
export const MAX_SOCKETS_PER_SESSION = 20;

/** Open sockets per key (a session, an address), refusing a new one once a key holds `max`. */
export class SocketCounter<Key> {
  private readonly counts = new Map<Key, number>();

  constructor(readonly max: number) {}

  /** Counts one more socket for `key`; false (and nothing counted) when it already holds `max`. */
  take(key: Key): boolean {
    const count = this.counts.get(key) ?? 0;
    if (count >= this.max) return false;
    this.counts.set(key, count + 1);
    return true;
  }

  give(key: Key): void {
    const count = (this.counts.get(key) ?? 0) - 1;
    if (count > 0) this.counts.set(key, count);
    else this.counts.delete(key);
  }
}

/**
 * setTimeout holds at most 2^31 - 1 ms (24.8 days), less than a session's 30 idle days: a longer wait is
 * cut, and the deadline is simply read again when the timer fires.
 */
export const MAX_TIMER_MS = 2 ** 31 - 1;
