import type * as ActionCableModule from '@rails/actioncable';
import type { AccountEvent } from '@contract/cable';
import { ACCOUNT_CHANNEL } from '@contract/cable-names';
import { ACCOUNT_EVENTS } from '@contract/account-events';

/** DESIGN section 5: reopen after 500 ms, stale after 6 s without a ping, reconnect polls from 3 to 30 s. */
export const CABLE_TIMING = { reopenDelayMs: 500, staleThresholdS: 6, pollMinS: 3, pollMaxS: 30 } as const;
// Rails 5 and 6's curve: 5 × ln(attempts + 1) seconds, within the bounds. The 8.x client derives its
// polls from the stale threshold instead (6 to 12 s at first) and has no setting for a floor.
const POLL_MULTIPLIER = 5;

/** The client's polling interval for this many failed attempts, in milliseconds. */
export function pollIntervalMs(reconnectAttempts: number): number {
  const seconds = POLL_MULTIPLIER * Math.log(reconnectAttempts + 1);
  return Math.round(Math.min(CABLE_TIMING.pollMaxS, Math.max(CABLE_TIMING.pollMinS, seconds)) * 1000);
}

/** The official client, loaded when a signed-in page opens its channel: a visitor's first page never needs it. */
type ActionCable = typeof ActionCableModule;

let configured = false;

/** Sets the official client's timing; its knobs are static, so once for the page. */
export function configureCableTiming({ Connection, ConnectionMonitor }: ActionCable) {
  if (configured) return;
  configured = true;
  Connection.reopenDelay = CABLE_TIMING.reopenDelayMs;
  ConnectionMonitor.staleThreshold = CABLE_TIMING.staleThresholdS;
  ConnectionMonitor.prototype.getPollInterval = function getPollInterval() {
    return pollIntervalMs(this.reconnectAttempts);
  };
}

const EVENTS = new Set<string>(ACCOUNT_EVENTS);

function isAccountEvent(data: unknown): data is AccountEvent {
  return typeof data === 'object' && data !== null && EVENTS.has(String((data as { event?: unknown }).event));
}

/** The cable URL of the page's meta tag with the token added (the page may name another host). */
export function cableUrlWithToken(cableUrl: string, token: string): string {
  const separator = cableUrl.includes('?') ? '&' : '?';
  return `${cableUrl}${separator}token=${encodeURIComponent(token)}`;
}

interface AccountChannelOptions {
  cableUrl: string;
  token: string;
  onEvent: (event: AccountEvent) => void;
  onRefused?: () => void;
}

/**
 * Opens the push connection of a signed-in page and subscribes to AccountChannel. Returns the function that
 * closes it (on sign-out, or when another user signs in). `onRefused` hears when the server ended the
 * connection for good without an account event to explain it: most likely the token no longer works.
 * The client is fetched first (its own chunk, out of the first visit's bytes); closed before it came, nothing
 * is opened.
 */
export function openAccountChannel(options: AccountChannelOptions): () => void {
  let closed = false;
  let close = () => {};
  void import('@rails/actioncable').then((cable) => {
    if (!closed) close = connect(cable, options);
  });
  return () => {
    closed = true;
    close();
  };
}

function connect(
  cable: ActionCable,
  { cableUrl, token, onEvent, onRefused = () => {} }: AccountChannelOptions,
): () => void {
  configureCableTiming(cable);
  let explained = false;
  const consumer = cable.createConsumer(cableUrlWithToken(cableUrl, token));
  consumer.subscriptions.create(ACCOUNT_CHANNEL, {
    received(data: unknown) {
      if (!isAccountEvent(data)) return;
      if (data.event === 'signed_out' || data.event === 'account_deleted') explained = true;
      onEvent(data);
    },
    disconnected({ willAttemptReconnect }: { willAttemptReconnect?: boolean }) {
      if (!willAttemptReconnect && !explained) onRefused();
    },
  });
  return () => {
    explained = true;
    consumer.disconnect();
  };
}
