/**
 * What the cable benchmark and its server process (cable-peer.ts) share. Kept apart from cable-peer.ts,
 * which starts a server as soon as it is loaded.
 */
export type PeerRequest = { type: 'memory' } | { type: 'broadcast' } | { type: 'stop' };
export type PeerReply =
  | { type: 'ready'; url: string; tokens: string[] }
  | { type: 'memory'; usage: NodeJS.MemoryUsage }
  | { type: 'broadcasted'; fanOutMs: number };

export const BENCH_ORIGIN = 'http://bench.localhost';
export const BASELINE_FRAME = JSON.stringify({
  identifier: JSON.stringify({ channel: 'AccountChannel' }),
  message: { event: 'password_changed' },
});
