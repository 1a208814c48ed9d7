import type { CurrentSubscriptionReply, SubscriptionJson } from '@contract/subscriptions';
import { API_PATHS } from '@contract/api-paths';
import { useAccountEvents } from './account-events';
import { apiRequest } from './http-client';
import { useSessionUser } from './session-store';
import { useServerState, type ServerState } from './use-server-state';

/** GET /api/v1/subscription: the current subscription (else the latest, else null), and every billable one. */
export function getSubscription(signal?: AbortSignal): Promise<CurrentSubscriptionReply> {
  return apiRequest<CurrentSubscriptionReply>(API_PATHS.subscription, { signal });
}

const UNREADABLE_REPLY = 'The server sent an answer we could not read. Please reload the page.';

/** What is held of the user's subscriptions: the current one, and every one PayPal may bill. */
interface Held {
  subscription: SubscriptionJson | null;
  /** Every ACTIVE or SUSPENDED subscription, newest first: PayPal may bill each, so each can be cancelled. */
  billing: SubscriptionJson[];
}

const billable = (subscription: SubscriptionJson) =>
  subscription.status === 'ACTIVE' || subscription.status === 'SUSPENDED';

/** A fresher subscription over what was shown: it joins or leaves the billable ones as its status says. */
function withChange(held: Held, changed: SubscriptionJson): Held {
  const others = held.billing.filter((s) => s.id !== changed.id);
  const current = held.subscription;
  // The current one stays the one that gives access, unless the change is about it or gives access too.
  const subscription =
    !current || current.id === changed.id || changed.entitled || !current.entitled ? changed : current;
  return { subscription, billing: billable(changed) ? [changed, ...others] : others };
}

async function readSubscription(signal: AbortSignal): Promise<Held> {
  const reply = await getSubscription(signal);
  // An answer without its body is the server failing, not "no subscription".
  if (!reply || !('subscription' in reply) || !Array.isArray(reply.subscriptions))
    throw new Error(UNREADABLE_REPLY);
  return { subscription: reply.subscription, billing: reply.subscriptions };
}

/**
 * The signed-in user's subscription (`data`; null: none) and every one PayPal may bill (`billing`), read when
 * the component mounts and kept current by the `subscription_changed` pushes; `update` takes a fresher one a
 * call just answered (confirm, cancel). Read per session, so another session's answer is never shown;
 * nothing is read for a visitor (`signedIn`).
 */
export function useSubscription(): Omit<ServerState<SubscriptionJson | null>, 'set'> & {
  billing: SubscriptionJson[];
  signedIn: boolean;
  update: (subscription: SubscriptionJson) => void;
} {
  const token = useSessionUser()?.auth_token || null;
  const state = useServerState({ key: token && `subscription of ${token}`, read: readSubscription });
  const { set } = state;
  const update = (subscription: SubscriptionJson) =>
    set((held) => withChange(held ?? { subscription: null, billing: [] }, subscription));
  useAccountEvents((event) => {
    if (event.event === 'subscription_changed') update(event.subscription);
  });
  const { data, error, loading, reload } = state;
  return {
    data: data === undefined ? undefined : data.subscription,
    error,
    loading,
    reload,
    billing: data?.billing ?? [],
    signedIn: token !== null,
    update,
  };
}
