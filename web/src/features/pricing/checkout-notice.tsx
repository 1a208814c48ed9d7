import { Message } from '@/components/ui/message';
import type { CheckoutOutcome } from './paypal-button';

export const CHECKOUT_TEXTS = {
  subscribed: 'Thank you! Your subscription is active.',
  pending:
    'Thank you! PayPal is still setting up your subscription: your account page shows it once it is active.',
  cancelled: 'You closed PayPal before approving, so you are not subscribed and no money has moved.',
  failed: 'The subscription could not be set up, and no money has moved.',
  notConfirmed:
    'PayPal has your approval, but we could not confirm the subscription yet. Your account page shows it as soon as PayPal tells us.',
} as const;

/** What became of the visitor's walk through PayPal, said plainly, money included. */
export function CheckoutNotice({ outcome }: { outcome: CheckoutOutcome }) {
  switch (outcome.kind) {
    case 'subscribed':
      return (
        <Message tone="success">
          {outcome.subscription.entitled ? CHECKOUT_TEXTS.subscribed : CHECKOUT_TEXTS.pending}
        </Message>
      );
    case 'cancelled':
      return <Message tone="info">{CHECKOUT_TEXTS.cancelled}</Message>;
    case 'failed':
      return (
        <Message tone="error">
          {CHECKOUT_TEXTS.failed}
          {outcome.message ? ` ${outcome.message}` : ''}
        </Message>
      );
    case 'not-confirmed':
      return (
        <Message tone="error">
          {CHECKOUT_TEXTS.notConfirmed} {outcome.message}
        </Message>
      );
  }
}
