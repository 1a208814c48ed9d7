import { useState, type ReactNode } from 'react';
import type { Plan } from '@contract/prices';
import type { SubscriptionJson } from '@contract/subscriptions';
import { Button } from '@/components/ui/button';
import { Link } from '@/components/ui/link';
import { Message } from '@/components/ui/message';
import { ProgressBar } from '@/components/ui/progress-bar';
import { refreshStoredUser } from '@/lib/me';
import { paths } from '@/lib/paths';
import { useSessionUser } from '@/lib/session-store';
import { useSubscription } from '@/lib/subscription';
import { priceInWords, trialInWords } from '@/lib/plan-words';
import { useServerState } from '@/lib/use-server-state';
import { CheckoutNotice } from './checkout-notice';
import { UnverifiedNotice } from './unverified-notice';
import { PayPalButton, type CheckoutOutcome } from './paypal-button';
import { usePayPalSdk } from './use-paypal-sdk';

export const SUBSCRIBE_TEXTS = {
  signIn: 'Sign in to subscribe',
  yourPlan: 'Your plan',
  manage: 'Manage it on your account page',
  unavailable: 'Subscriptions are not set up on this server yet.',
} as const;

/**
 * What the subscribe step says of a plan's trial (DESIGN 15: one per account): the trial for an account that never
 * had a subscription under way, and plainly that there is none for a later one, which the server creates without
 * the trial cycle. Nothing for a plan without a trial.
 */
export function trialAtSubscribe(
  plan: Plan,
  currency: string,
  latest: SubscriptionJson | null,
): string | null {
  if (!plan.trial) return null;
  const price = priceInWords(plan, currency);
  // A subscription never approved at PayPal had no trial to use up.
  if (latest && latest.status !== 'APPROVAL_PENDING')
    return `A trial comes with an account's first subscription only, so PayPal charges ${price} from the start.`;
  return `You start with the trial: ${trialInWords(plan.trial, currency)} PayPal then charges ${price}.`;
}

/**
 * Subscribing on /pricing (DESIGN section 9): signed out, 'Sign in to subscribe' on each card, which comes back
 * here; entitled, the card of the plan held; an address not confirmed, why not yet (DESIGN 13); otherwise
 * PayPal's button under each plan, its SDK loaded only then. The recommended plan's action is the screen's one primary.
 */
export function useCheckout(): {
  planAction: (plan: Plan, recommended: boolean, currency: string) => ReactNode;
  notice: ReactNode;
} {
  const subscription = useSubscription();
  const { data: current, update } = subscription;
  const [outcome, setOutcome] = useState<CheckoutOutcome | null>(null);
  const ownPlan = current?.entitled ? current.plan : null;
  // An address not confirmed cannot subscribe (DESIGN 13): no PayPal button, and the notice says why. What the
  // page holds is checked with the server first (confirmed while no page was open, the push reached none).
  const user = useSessionUser();
  const unverified = subscription.signedIn && user?.email_verified === false;
  useServerState({ key: unverified && user ? `me of ${user.auth_token}` : null, read: refreshStoredUser });
  const { sdk, retry } = usePayPalSdk(current !== undefined && !ownPlan && !unverified);

  const onOutcome = (next: CheckoutOutcome) => {
    setOutcome(next);
    if (next.kind === 'subscribed') update(next.subscription);
  };

  const planAction = (plan: Plan, recommended: boolean, currency: string): ReactNode => {
    if (!subscription.signedIn)
      return (
        <Link
          to={paths.login}
          state={{ from: paths.pricing }}
          look={recommended ? 'primary' : 'secondary'}
          aria-label={`${SUBSCRIBE_TEXTS.signIn}: ${plan.name}`}
        >
          {SUBSCRIBE_TEXTS.signIn}
        </Link>
      );
    if (ownPlan === plan.id)
      return (
        <p className="flex flex-wrap items-center gap-2">
          <span className="rounded-full border border-green-400 bg-green-100 px-2 py-0.5 font-semibold text-green-900">
            {SUBSCRIBE_TEXTS.yourPlan}
          </span>
          <Link to={paths.accountBilling}>{SUBSCRIBE_TEXTS.manage}</Link>
        </p>
      );
    if (sdk.status === 'ready' && !ownPlan && !unverified) {
      const trial = trialAtSubscribe(plan, currency, current ?? null);
      return (
        <>
          {trial ? <p className="text-sm text-slate-700">{trial}</p> : null}
          <PayPalButton paypal={sdk.paypal} plan={plan.id} onOutcome={onOutcome} />
        </>
      );
    }
    return null;
  };

  let status: ReactNode = null;
  if (!subscription.signedIn)
    status = (
      <p>
        New here? <Link to={paths.signup}>Create an account</Link>, then choose your plan.
      </p>
    );
  else if (unverified && !ownPlan) status = <UnverifiedNotice />;
  else if (subscription.loading || sdk.status === 'loading') status = <ProgressBar label="Loading PayPal" />;
  else if (subscription.error) status = <Message tone="error">{subscription.error}</Message>;
  else if (sdk.status === 'unavailable')
    status = <Message tone="info">{SUBSCRIBE_TEXTS.unavailable}</Message>;
  else if (sdk.status === 'failed')
    status = (
      <>
        <Message tone="error">{sdk.message} No money has moved.</Message>
        <Button variant="secondary" className="self-start" onClick={retry}>
          Load PayPal again
        </Button>
      </>
    );

  return {
    planAction,
    notice: (
      <>
        {outcome ? <CheckoutNotice outcome={outcome} /> : null}
        {status}
      </>
    ),
  };
}
