import type { CurrentSubscriptionReply, SubscriptionJson } from '@contract/subscriptions';
import { API_PATHS } from '@contract/api-paths';
import { useAccountEvents } from './account-events';
import { apiRequest } from './http-client';
import { useSessionUser } from './session-store';
import { useServerState, type ServerState } from './use-server-state';

/** GET /api/v1/subscription: the current subscription, else the latest, else null. */
export function getSubscription(signal?: AbortSignal): Promise<CurrentSubscriptionReply> {
  return apiRequest<CurrentSubscriptionReply>(API_PATHS.subscription, { signal });
}

const UNREADABLE_REPLY = 'The server sent an answer we could not read. Please reload the page.';

async function readSubscription(signal: AbortSignal): Promise<SubscriptionJson | null> {
  const reply = await getSubscription(signal);
  // An answer without its body is the server failing, not "no subscription".
  if (!reply || !('subscription' in reply)) throw new Error(UNREADABLE_REPLY);
  return reply.subscription;
}

/**
 * The signed-in user's subscription (null: none), read when the component mounts and kept current by the
 * `subscription_changed` pushes; `update` takes a fresher one a call just answered (confirm, cancel). Read
 * per session, so another session's answer is never shown; nothing is read for a visitor (`signedIn`).
 */
export function useSubscription(): ServerState<SubscriptionJson | null> & {
  signedIn: boolean;
  update: (subscription: SubscriptionJson) => void;
} {
  const token = useSessionUser()?.auth_token || null;
  const state = useServerState({ key: token && `subscription of ${token}`, read: readSubscription });
  const { set } = state;
  const update = (subscription: SubscriptionJson) => set(() => subscription);
  useAccountEvents((event) => {
    if (event.event === 'subscription_changed') update(event.subscription);
  });
  return { ...state, signedIn: token !== null, update };
}
