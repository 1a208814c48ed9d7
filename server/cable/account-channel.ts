import { z } from 'zod';
import { ACCOUNT_CHANNEL, accountEventSchema, type AccountEvent } from '../../contract/cable.js';
import { sessionStream, userStream } from '../push/account-events.js';
import type { PushBus } from '../push/bus.js';
import type { CableConnection, CableIdentity } from './connection.js';
import { messageFrame, type DisconnectReason } from './protocol.js';
import { StreamGroups } from './stream-groups.js';

export { ACCOUNT_CHANNEL };

// Messages may come over Redis from another instance: read them, never trust their shape.
const accountBroadcastSchema = z.object({ event: accountEventSchema, disconnect: z.boolean() });

/** The disconnect reason names the event that ended the connection, so a log or a client can tell why. */
const REASONS: Partial<Record<AccountEvent['event'], DisconnectReason>> = {
  signed_out: 'signed_out',
  account_deleted: 'account_deleted',
};

/** A broadcast's frame for one subscription identifier, built once per identifier for all sockets. */
function framesOf(event: AccountEvent): (identifier: string) => Buffer {
  let identifierOfFrame: string | null = null;
  let frame: Buffer | null = null;
  let others: Map<string, Buffer> | null = null;
  return (identifier) => {
    // Nearly every socket subscribes with the same identifier: one frame, no lookup.
    if (frame === null || identifierOfFrame === identifier) {
      identifierOfFrame ??= identifier;
      frame ??= Buffer.from(messageFrame(identifier, event));
      return frame;
    }
    others ??= new Map();
    let other = others.get(identifier);
    if (!other) {
      other = Buffer.from(messageFrame(identifier, event));
      others.set(identifier, other);
    }
    return other;
  };
}

/** Reads a broadcast once, then hands its frames to every socket of the stream. */
function deliverToAll(message: unknown, connections: ReadonlySet<CableConnection>) {
  const parsed = accountBroadcastSchema.safeParse(message);
  if (!parsed.success) return;
  const { event, disconnect } = parsed.data;
  const frameFor = framesOf(event);
  const reason = disconnect ? (REASONS[event.event] ?? 'remote') : null;
  for (const connection of connections) {
    connection.deliver(ACCOUNT_CHANNEL, frameFor);
    if (reason) connection.close(reason, false);
  }
}

/** A socket whose session reached its deadline unused: its page hears why it is signed out. */
export function tellExpired(connection: CableConnection) {
  connection.deliver(ACCOUNT_CHANNEL, framesOf({ event: 'signed_out', reason: 'expired' }));
}

/**
 * Every authenticated socket listens on its user's stream and its own session's stream, whether or not it
 * has subscribed to AccountChannel yet (like Rails' internal channel): a revoked session or a deleted
 * account ends the connection in any case. Subscriptions to AccountChannel receive the events. The sockets
 * of one stream share one bus subscription (stream-groups.ts).
 */
export function listenToAccount(bus: PushBus) {
  const groups = new StreamGroups<CableConnection>(bus, deliverToAll);
  return async (connection: CableConnection, identity: CableIdentity) => {
    const results = await Promise.allSettled([
      groups.join(userStream(identity.userId), connection),
      groups.join(sessionStream(identity.sessionId), connection),
    ]);
    const stops = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    const failed = results.find((result) => result.status === 'rejected');
    if (failed) {
      stops.forEach((stop) => stop());
      throw failed.reason;
    }
    return stops;
  };
}
