import type { FastifyBaseLogger } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import {
  channelOf,
  confirmFrame,
  disconnectFrame,
  parseCommand,
  rejectFrame,
  welcomeFrame,
  type DisconnectReason,
} from './protocol.js';
import type { SessionSocketCap } from './session-socket-cap.js';
import { MAX_TIMER_MS, type SocketCounter } from './socket-limits.js';

/** Who a socket belongs to, once its token checked out, and when its session ends unless used. */
export interface CableIdentity {
  userId: number;
  sessionId: number;
  /** Epoch ms. */
  deadline: number;
}

/** What every connection shares: one object for all of them, so an idle socket costs little memory. */
export interface CableContext {
  authenticate(token: string): Promise<CableIdentity | null>;
  /** Starts the connection's streams; returns the functions that stop them. */
  listen(connection: CableConnection, identity: CableIdentity): Promise<Array<() => void>>;
  /** The session's deadline as stored now, or null once it has ended or was revoked. */
  deadlineOf(sessionId: number): Promise<number | null>;
  /** Tells the connection's subscriptions that its session expired, before it closes (decision 169). */
  expired(connection: CableConnection): void;
  channels: ReadonlySet<string>;
  open: Set<CableConnection>;
  /** Across instances with REDIS_URL (session-socket-cap.ts). */
  socketsPerSession: SessionSocketCap;
  socketsPerAddress: SocketCounter<string>;
  /** Into how many groups the heartbeat splits the open sockets. */
  pingSlices: number;
  log: FastifyBaseLogger;
}

let opened = 0;
let numbered = 0;

export const MAX_SUBSCRIPTIONS = 10;
export const MAX_IDENTIFIER_LENGTH = 1024;
/** Commands a client may send before its welcome; the official client sends none or a few. */
const MAX_EARLY_FRAMES = 20;
/** A client that stops reading must not make the server hold its frames without bound. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** One options object for every send (ws copies it), rather than one per frame and socket. */
const AS_TEXT = { binary: false } as const;

/** One socket speaking the Action Cable protocol, from its token check to its close. */
export class CableConnection {
  private state: 'connecting' | 'open' | 'closed' = 'connecting';
  private early: string[] | null = [];
  private subscriptions: Map<string, string> | null = null;
  private stops: Array<() => void> = [];
  /** What this socket counts against; given back when it closes. */
  private counted: { address?: string; sessionId?: number } = {};
  private expiry: NodeJS.Timeout | undefined;
  /** This socket among the instance's, for the session cap. */
  private readonly id: string;
  /** Which slice of the heartbeat pings this socket. */
  readonly pingSlice: number;

  constructor(
    private readonly socket: WebSocket,
    private readonly context: CableContext,
  ) {
    this.pingSlice = opened++ % context.pingSlices;
    this.id = String(++numbered);
    socket.on('message', (data, isBinary) => this.receive(isBinary ? null : rawText(data)));
    socket.on('close', () => this.closed());
  }

  /** Checks the token; then welcome and the buffered commands, or `unauthorized` and the end. */
  async start(token: string | null, address: string) {
    // Counted before the token is looked up, so a flood from one address costs no database work.
    if (!this.context.socketsPerAddress.take(address)) return this.close('too_many_connections', false);
    this.counted.address = address;
    let identity: CableIdentity | null;
    try {
      identity = token ? await this.context.authenticate(token) : null;
      if (this.state === 'closed') return;
      if (!identity) return this.close('unauthorized', false);
      if (!(await this.context.socketsPerSession.take(identity.sessionId, this.id)))
        return this.close('too_many_connections', false);
      if ((this.state as string) === 'closed')
        return this.context.socketsPerSession.give(identity.sessionId, this.id);
      this.counted.sessionId = identity.sessionId;
      const stops = await this.context.listen(this, identity);
      if (this.state !== 'connecting') return stops.forEach((stop) => stop());
      this.stops = stops;
    } catch (error) {
      this.context.log.error({ err: error }, 'cable: could not open a connection');
      return this.close('server_error', true);
    }
    this.state = 'open';
    this.context.open.add(this);
    this.closeAt(identity.sessionId, identity.deadline);
    this.send(welcomeFrame());
    const early = this.early ?? [];
    this.early = null;
    for (const frame of early) this.receive(frame);
  }

  /**
   * The socket lives no longer than its session: at the deadline the session is read again (use may have
   * moved it), and once it has ended the page hears that it expired and the socket closes as unauthorized.
   * A session revoked before its deadline closed its sockets then, with its own reason.
   */
  private closeAt(sessionId: number, deadline: number) {
    const wait = Math.min(Math.max(deadline - Date.now(), 0), MAX_TIMER_MS);
    this.expiry = setTimeout(() => {
      this.context.deadlineOf(sessionId).then(
        (next) => {
          if (this.state !== 'open') return;
          if (next !== null) return this.closeAt(sessionId, next);
          this.context.expired(this);
          this.close('unauthorized', false);
        },
        (error: unknown) => {
          this.context.log.warn({ err: error }, 'cable: could not read a session deadline');
          if (this.state === 'open') this.closeAt(sessionId, Date.now() + 60_000);
        },
      );
    }, wait);
    this.expiry.unref();
  }

  /** Sends a message to every subscription of the channel on this socket, framed for its identifier. */
  deliver(channel: string, frameFor: (identifier: string) => Buffer) {
    this.subscriptions?.forEach((subscribed, identifier) => {
      if (subscribed === channel) this.send(frameFor(identifier));
    });
  }

  /** Tells the client why, then closes; `reconnect` says whether the official client should try again. */
  close(reason: DisconnectReason, reconnect: boolean) {
    if (this.state === 'closed') return;
    this.send(disconnectFrame(reason, reconnect));
    this.closed();
    this.socket.close(1000);
  }

  /** A frame is JSON text; a Buffer of it (built once for many sockets) goes out as a text frame too. */
  send(frame: string | Buffer) {
    if (this.socket.readyState !== this.socket.OPEN) return;
    if (this.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.context.log.warn('cable: dropping a client that does not read its frames');
      this.closed();
      this.socket.terminate();
      return;
    }
    this.socket.send(frame, AS_TEXT);
  }

  private receive(frame: string | null) {
    if (this.state === 'closed') return;
    if (this.early) {
      if (this.early.length >= MAX_EARLY_FRAMES || frame === null)
        return this.close('invalid_request', false);
      this.early.push(frame);
      return;
    }
    const command = parseCommand(frame);
    // Whatever sent this does not speak the protocol; answering anything else would only invite more.
    if (!command) return this.close('invalid_request', false);
    if (command.command === 'subscribe') this.subscribe(command.identifier);
    else if (command.command === 'unsubscribe') this.subscriptions?.delete(command.identifier);
    // `message` would call a channel action; AccountChannel has none, so, like Rails, it is ignored.
    // So are commands of later protocol versions, which a newer client may send.
  }

  private subscribe(identifier: string) {
    const subscriptions = (this.subscriptions ??= new Map());
    // The official client repeats a subscribe until confirmed; Rails ignores the repeats, and so do we.
    if (subscriptions.has(identifier)) return;
    const channel = identifier.length <= MAX_IDENTIFIER_LENGTH ? channelOf(identifier) : null;
    if (!channel || !this.context.channels.has(channel) || subscriptions.size >= MAX_SUBSCRIPTIONS) {
      return this.send(rejectFrame(identifier));
    }
    subscriptions.set(identifier, channel);
    this.send(confirmFrame(identifier));
  }

  private closed() {
    if (this.state === 'closed') return;
    this.state = 'closed';
    this.early = null;
    this.subscriptions = null;
    this.context.open.delete(this);
    clearTimeout(this.expiry);
    if (this.counted.address !== undefined) this.context.socketsPerAddress.give(this.counted.address);
    if (this.counted.sessionId !== undefined)
      this.context.socketsPerSession.give(this.counted.sessionId, this.id);
    this.counted = {};
    for (const stop of this.stops) stop();
    this.stops = [];
  }
}

function rawText(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data).toString('utf8');
}
