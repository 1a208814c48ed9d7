/**
 * The Action Cable wire protocol (`actioncable-v1-json`), as the official @rails/actioncable client speaks
 * it: every frame is a JSON text; the server sends `type` frames and channel messages, the client sends
 * commands that name a subscription by its identifier, a JSON string echoed back byte for byte.
 */

export const MESSAGE_TYPES = {
  welcome: 'welcome',
  disconnect: 'disconnect',
  ping: 'ping',
  confirmation: 'confirm_subscription',
  rejection: 'reject_subscription',
} as const;

/**
 * Why the server ends a connection. The first four are Action Cable's own; `signed_out` and
 * `account_deleted` name the account event that ended it; `server_error` asks the client to retry later;
 * `too_many_connections`: the session or the address already holds as many sockets as it may.
 */
export type DisconnectReason =
  | 'unauthorized'
  | 'invalid_request'
  | 'server_restart'
  | 'remote'
  | 'signed_out'
  | 'account_deleted'
  | 'server_error'
  | 'too_many_connections';

export interface CableCommand {
  command: string;
  identifier: string;
  data?: unknown;
}

export const welcomeFrame = () => JSON.stringify({ type: MESSAGE_TYPES.welcome });

export const pingFrame = (now = Date.now()) =>
  JSON.stringify({ type: MESSAGE_TYPES.ping, message: Math.floor(now / 1000) });

export const confirmFrame = (identifier: string) =>
  JSON.stringify({ identifier, type: MESSAGE_TYPES.confirmation });

export const rejectFrame = (identifier: string) =>
  JSON.stringify({ identifier, type: MESSAGE_TYPES.rejection });

export const disconnectFrame = (reason: DisconnectReason, reconnect: boolean) =>
  JSON.stringify({ type: MESSAGE_TYPES.disconnect, reason, reconnect });

export const messageFrame = (identifier: string, message: unknown) => JSON.stringify({ identifier, message });

/** A client frame as a command, or null when it is not one (binary, not JSON, fields missing or mistyped). */
export function parseCommand(frame: string | null): CableCommand | null {
  if (frame === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(frame);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { command, identifier, data } = value as Record<string, unknown>;
  if (typeof command !== 'string' || typeof identifier !== 'string') return null;
  return { command, identifier, data };
}

/** The channel an identifier names (`{"channel":"AccountChannel",…}`), or null when it names none. */
export function channelOf(identifier: string): string | null {
  try {
    const value: unknown = JSON.parse(identifier);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
    const { channel } = value as Record<string, unknown>;
    return typeof channel === 'string' ? channel : null;
  } catch {
    return null;
  }
}
