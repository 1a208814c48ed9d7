import { useEffect, useRef } from 'react';
import type { PlanId } from '@contract/prices';
import type { SubscriptionJson } from '@contract/subscriptions';
import { confirmSubscription, createSubscription } from './api/subscribe';
import type { PayPalNamespace } from './paypal-sdk';

export type CheckoutOutcome =
  | { kind: 'subscribed'; subscription: SubscriptionJson }
  | { kind: 'not-confirmed'; message: string }
  | { kind: 'cancelled' }
  | { kind: 'failed'; message: string | null };

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : null);

/**
 * PayPal's button for one plan (v5 Buttons API): createSubscription asks our server, which creates the
 * subscription at PayPal; once the buyer approved it, onApprove has our server confirm it.
 */
export function PayPalButton({
  paypal,
  plan,
  onOutcome,
}: {
  paypal: PayPalNamespace;
  plan: PlanId;
  onOutcome: (outcome: CheckoutOutcome) => void;
}) {
  const host = useRef<HTMLDivElement>(null);
  const latest = useRef(onOutcome);
  useEffect(() => {
    latest.current = onOutcome;
  });

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    // Our server's reason, when it is our call that failed: PayPal's onError only says that something did.
    let serverMessage: string | null = null;
    const buttons = paypal.Buttons({
      async createSubscription() {
        serverMessage = null;
        try {
          return (await createSubscription(plan)).subscription_id;
        } catch (error) {
          serverMessage = messageOf(error);
          throw error;
        }
      },
      async onApprove({ subscriptionID }) {
        try {
          const subscription = await confirmSubscription(subscriptionID ?? '');
          latest.current({ kind: 'subscribed', subscription });
        } catch (error) {
          latest.current({ kind: 'not-confirmed', message: messageOf(error) ?? 'Server error' });
        }
      },
      onCancel: () => latest.current({ kind: 'cancelled' }),
      onError: (error) => latest.current({ kind: 'failed', message: serverMessage ?? messageOf(error) }),
    });
    buttons
      .render(element)
      .catch((error: unknown) => latest.current({ kind: 'failed', message: messageOf(error) }));
    return () => {
      void buttons.close?.();
      element.replaceChildren();
    };
  }, [paypal, plan]);

  return <div ref={host} className="min-h-11" />;
}
