import { useState } from 'react';
import type { SubscriptionJson } from '@contract/subscriptions';
import { Button } from '@/components/ui/button';
import { Link } from '@/components/ui/link';
import { LoadStatus } from '@/components/ui/load-status';
import { Message } from '@/components/ui/message';
import { Panel } from '@/components/ui/panel';
import { ProgressBar } from '@/components/ui/progress-bar';
import { sentenceOf } from '@/lib/http-client';
import { paths } from '@/lib/paths';
import { planName } from '@/lib/plan-names';
import type { useSubscription } from '@/lib/subscription';
import { cancelSubscription } from './api/cancel-subscription';
import { cancelConsequence, dateLine, paymentWarning, statusInWords } from './subscription-words';

export const SUBSCRIPTION_TEXTS = {
  none: 'You have no subscription.',
  cancelled: 'Your subscription is cancelled.',
  cancel: 'Cancel subscription',
  confirmCancel: 'Yes, cancel my subscription',
  keep: 'Keep my subscription',
  fixPayment: 'Fix your payment method at PayPal',
} as const;

const cancellable = (subscription: SubscriptionJson) =>
  subscription.status === 'ACTIVE' || subscription.status === 'SUSPENDED';

/**
 * The account's Subscription section, kept current by the `subscription_changed` pushes (`read`, the page's one
 * `useSubscription`): every subscription PayPal may bill, each with its own cancel, and the current one when it
 * is not among them (decision 154).
 */
export function SubscriptionPanel({ read }: { read: ReturnType<typeof useSubscription> }) {
  const { data: subscription, billing, update } = read;
  const shown = [
    ...billing,
    ...(subscription && !billing.some((s) => s.id === subscription.id) ? [subscription] : []),
  ];
  return (
    <Panel title="Your subscription">
      <LoadStatus state={read} label="Loading your subscription" />
      {subscription !== undefined && shown.length === 0 ? (
        <p>
          {SUBSCRIPTION_TEXTS.none} <Link to={paths.pricing}>See the plans</Link>
        </p>
      ) : null}
      {shown.length === 1 ? <SubscriptionDetails subscription={shown[0]!} onChange={update} /> : null}
      {shown.length > 1 ? (
        <ul className="flex flex-col gap-4">
          {shown.map((subscription) => (
            <li
              key={subscription.id}
              aria-label={`${planName(subscription.plan)} subscription ${subscription.id}`}
              className="flex flex-col gap-2"
            >
              <SubscriptionDetails subscription={subscription} onChange={update} />
            </li>
          ))}
        </ul>
      ) : null}
    </Panel>
  );
}

function SubscriptionDetails({
  subscription,
  onChange,
}: {
  subscription: SubscriptionJson;
  onChange: (subscription: SubscriptionJson) => void;
}) {
  const date = dateLine(subscription);
  const warning = paymentWarning(subscription);
  return (
    <>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="font-medium">Plan</dt>
        <dd>{planName(subscription.plan)}</dd>
        <dt className="font-medium">Status</dt>
        <dd>{statusInWords(subscription.status)}</dd>
      </dl>
      {date ? <p>{date}</p> : null}
      {warning ? (
        <Message tone="error">
          {warning}
          {subscription.fix_payment_url ? (
            <>
              {' '}
              <Link href={subscription.fix_payment_url}>{SUBSCRIPTION_TEXTS.fixPayment}</Link>
            </>
          ) : null}
        </Message>
      ) : null}
      <CancelSubscription subscription={subscription} onChange={onChange} />
    </>
  );
}

type CancelStep =
  | { step: 'idle' }
  | { step: 'confirming' }
  | { step: 'cancelling' }
  | { step: 'failed'; message: string }
  | { step: 'done' };

function CancelSubscription({
  subscription,
  onChange,
}: {
  subscription: SubscriptionJson;
  onChange: (subscription: SubscriptionJson) => void;
}) {
  const [cancel, setCancel] = useState<CancelStep>({ step: 'idle' });

  const confirm = () => {
    setCancel({ step: 'cancelling' });
    cancelSubscription(subscription.id).then(
      (cancelled) => {
        setCancel({ step: 'done' });
        onChange(cancelled);
      },
      (error: unknown) => setCancel({ step: 'failed', message: sentenceOf(error) }),
    );
  };

  // What cancelling did to access and to charges is the date line's one sentence above, not said twice.
  if (cancel.step === 'done') return <Message tone="success">{SUBSCRIPTION_TEXTS.cancelled}</Message>;
  if (!cancellable(subscription)) return null;
  if (cancel.step === 'idle')
    return (
      <Button variant="secondary" className="self-start" onClick={() => setCancel({ step: 'confirming' })}>
        {SUBSCRIPTION_TEXTS.cancel}
      </Button>
    );
  return (
    <div role="group" aria-label="Cancel your subscription" className="flex flex-col gap-2">
      <p>{cancelConsequence(subscription)}</p>
      {cancel.step === 'failed' ? (
        <Message tone="error">Your subscription was not cancelled. {cancel.message}</Message>
      ) : null}
      {cancel.step === 'cancelling' ? <ProgressBar label="Cancelling your subscription" /> : null}
      <div className="flex flex-wrap gap-2">
        <Button variant="danger" disabled={cancel.step === 'cancelling'} onClick={confirm}>
          {SUBSCRIPTION_TEXTS.confirmCancel}
        </Button>
        <Button
          variant="secondary"
          disabled={cancel.step === 'cancelling'}
          onClick={() => setCancel({ step: 'idle' })}
        >
          {SUBSCRIPTION_TEXTS.keep}
        </Button>
      </div>
    </div>
  );
}
