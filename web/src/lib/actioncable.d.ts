import '@rails/actioncable';

/** Parts of the official client that its published types leave out: the timing knobs it exposes. */
declare module '@rails/actioncable' {
  export const Connection: { reopenDelay: number };
  export const ConnectionMonitor: {
    staleThreshold: number;
    reconnectionBackoffRate: number;
    prototype: { reconnectAttempts: number; getPollInterval(): number };
  };
}
