import { useCallback, useEffect, useState } from 'react';
import type { CurrentSubscriptionReply, SubscriptionJson } from '@contract/subscriptions';
import { API_PATHS } from '@contract/api-paths';
import { useAccountEvents } from './account-events';
import { apiRequest } from './http-client';
import { useSessionUser } from './session-store';

/** GET /api/v1/subscription: the current subscription (else the latest, else null), and every billable one. */
export function getSubscription(signal?: AbortSignal): Promise<CurrentSubscriptionReply> {
  return apiRequest<CurrentSubscriptionReply>(API_PATHS.subscription, { signal });
}

const UNREADABLE_REPLY = 'The server sent an answer we could not read. Please reload the page.';

export type SubscriptionState =
  | { status: 'signed-out' }
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | {
      status: 'ready';
      subscription: SubscriptionJson | null;
      /** Every ACTIVE or SUSPENDED subscription, newest first: PayPal may bill each, so each can be cancelled. */
      billing: SubscriptionJson[];
    };

type Ready = Extract<SubscriptionState, { status: 'ready' }>;

const billable = (subscription: SubscriptionJson) =>
  subscription.status === 'ACTIVE' || subscription.status === 'SUSPENDED';

/** A fresher subscription over what was shown: it joins or leaves the billable ones as its status says. */
function withChange(ready: Ready, changed: SubscriptionJson): Ready {
  const others = ready.billing.filter((s) => s.id !== changed.id);
  const held = ready.subscription;
  // The current one stays the one that gives access, unless the change is about it or gives access too.
  const current = !held || held.id === changed.id || changed.entitled || !held.entitled ? changed : held;
  return {
    status: 'ready',
    subscription: current,
    billing: billable(changed) ? [changed, ...others] : others,
  };
}

/**
 * The signed-in user's subscription, read when the component mounts and kept current by the
 * `subscription_changed` pushes; `update` takes a fresher one a call just answered (confirm, cancel).
 */
export function useSubscription(): {
  state: SubscriptionState;
  update: (subscription: SubscriptionJson) => void;
} {
  const token = useSessionUser()?.auth_token || null;
  // What was read for which session: another session's answer is never shown.
  const [loaded, setLoaded] = useState<{ token: string; state: SubscriptionState } | null>(null);

  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    getSubscription(controller.signal)
      .then((reply) => {
        // An answer without its body is the server failing, not "no subscription".
        if (!reply || !('subscription' in reply) || !Array.isArray(reply.subscriptions))
          throw new Error(UNREADABLE_REPLY);
        setLoaded({
          token,
          state: { status: 'ready', subscription: reply.subscription, billing: reply.subscriptions },
        });
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted)
          setLoaded({
            token,
            state: { status: 'failed', message: error instanceof Error ? error.message : 'Server error' },
          });
      });
    return () => controller.abort();
  }, [token]);

  const update = useCallback(
    (subscription: SubscriptionJson) => {
      if (!token) return;
      setLoaded((previous) => {
        const ready: Ready =
          previous?.token === token && previous.state.status === 'ready'
            ? previous.state
            : { status: 'ready', subscription: null, billing: [] };
        return { token, state: withChange(ready, subscription) };
      });
    },
    [token],
  );
  useAccountEvents((event) => {
    if (event.event === 'subscription_changed') update(event.subscription);
  });

  let state: SubscriptionState = { status: 'loading' };
  if (!token) state = { status: 'signed-out' };
  else if (loaded?.token === token) state = loaded.state;
  return { state, update };
}
