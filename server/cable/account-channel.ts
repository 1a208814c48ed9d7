import { z } from 'zod';
import { ACCOUNT_CHANNEL, accountEventSchema, type AccountEvent } from '../../contract/cable.js';
import { sessionStream, userStream } from '../push/account-events.js';
import type { PushBus } from '../push/bus.js';
import type { CableConnection, CableIdentity } from './connection.js';
import { messageFrame, type DisconnectReason } from './protocol.js';

export { ACCOUNT_CHANNEL };

// Messages may come over Redis from another instance: read them, never trust their shape.
const accountBroadcastSchema = z.object({ event: accountEventSchema, disconnect: z.boolean() });

/** The disconnect reason names the event that ended the connection, so a log or a client can tell why. */
const REASONS: Partial<Record<AccountEvent['event'], DisconnectReason>> = {
  signed_out: 'signed_out',
  account_deleted: 'account_deleted',
};

/** A broadcast as read once for every socket it reaches: the frames are built once per identifier. */
interface Reading {
  event: AccountEvent;
  disconnect: boolean;
  frameFor(identifier: string): Buffer;
}

// One broadcast reaches thousands of sockets as the same object (both buses hand every handler the same
// value): it is validated and serialised once, not once per socket.
const readings = new WeakMap<object, Reading | null>();

function read(message: unknown): Reading | null {
  if (typeof message !== 'object' || message === null) return null;
  const known = readings.get(message);
  if (known !== undefined) return known;
  const parsed = accountBroadcastSchema.safeParse(message);
  let reading: Reading | null = null;
  if (parsed.success) {
    const frames = new Map<string, Buffer>();
    reading = {
      ...parsed.data,
      frameFor(identifier) {
        let frame = frames.get(identifier);
        if (!frame) {
          frame = Buffer.from(messageFrame(identifier, parsed.data.event));
          frames.set(identifier, frame);
        }
        return frame;
      },
    };
  }
  readings.set(message, reading);
  return reading;
}

/**
 * Every authenticated socket listens on its user's stream and its own session's stream, whether or not it
 * has subscribed to AccountChannel yet (like Rails' internal channel): a revoked session or a deleted
 * account ends the connection in any case. Subscriptions to AccountChannel receive the events.
 */
export function listenToAccount(bus: PushBus) {
  return async (connection: CableConnection, identity: CableIdentity) => {
    const onBroadcast = (message: unknown) => {
      const broadcast = read(message);
      if (!broadcast) return;
      connection.deliver(ACCOUNT_CHANNEL, broadcast.frameFor);
      if (broadcast.disconnect) connection.close(REASONS[broadcast.event.event] ?? 'remote', false);
    };
    const results = await Promise.allSettled([
      bus.subscribe(userStream(identity.userId), onBroadcast),
      bus.subscribe(sessionStream(identity.sessionId), onBroadcast),
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
