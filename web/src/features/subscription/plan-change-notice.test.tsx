import { act, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { accountEvents } from '@/lib/account-events';
import { sessionStore } from '@/lib/session-store';
import { useSubscription } from '@/lib/subscription';
import { stubApi } from '@/test/fetch-stub';
import { activeSubscription, signedInUser } from '@/test/fixtures';
import { renderScreen } from '@/test/render-screen';
import { askedPlan } from './asked-plan';
import { PlanChangeNotice } from './plan-change-notice';

const APPROVED =
  'PayPal has your approval. Your new plan shows here as soon as PayPal confirms it, and its price starts at your next payment.';
const back = (outcome: string) =>
  `/account/billing?plan_change=${outcome}&subscription_id=I-ACTIVE1&ba_token=BA-ACTIVE1`;

/** The notice as the billing page gives it the subscription: read, then kept current by the pushes. */
function WithTheSubscription() {
  return <PlanChangeNotice subscription={useSubscription().data} />;
}

beforeEach(() => {
  window.sessionStorage.clear();
  sessionStore.setUser(signedInUser);
});

describe('back on /account/billing from PayPal', () => {
  it('waits with the progress bar for the plan this tab asked for, saying PayPal has the approval', () => {
    askedPlan.remember('I-ACTIVE1', 'weekly');
    renderScreen(<PlanChangeNotice subscription={activeSubscription} />, { url: back('approved') });
    expect(screen.getByText(APPROVED)).toBeInTheDocument();
    expect(
      screen.getByRole('progressbar', { name: 'Waiting for PayPal to confirm Weekly' }),
    ).toBeInTheDocument();
  });

  it('says the new plan is in place, and when its price starts, once the push brings it', async () => {
    askedPlan.remember('I-ACTIVE1', 'weekly');
    stubApi(() => ({
      status: 200,
      body: { subscription: activeSubscription, subscriptions: [activeSubscription] },
    }));
    renderScreen(<WithTheSubscription />, { url: back('approved') });
    expect(
      await screen.findByRole('progressbar', { name: 'Waiting for PayPal to confirm Weekly' }),
    ).toBeInTheDocument();
    act(() =>
      accountEvents.emit({
        event: 'subscription_changed',
        subscription: { ...activeSubscription, plan: 'weekly' },
      }),
    );
    expect(
      screen.getByText('Your plan is now Weekly. Its price starts at your next payment on 5 March 2027.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(APPROVED)).not.toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(askedPlan.read()).toBeNull();
  });

  it('says what PayPal did, without waiting, when this tab did not ask (another tab did)', () => {
    renderScreen(<PlanChangeNotice subscription={activeSubscription} />, { url: back('approved') });
    expect(screen.getByText(APPROVED)).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('says nothing changed when the buyer left PayPal without approving, and forgets what was asked', () => {
    askedPlan.remember('I-ACTIVE1', 'weekly');
    renderScreen(<PlanChangeNotice subscription={activeSubscription} />, { url: back('cancelled') });
    expect(
      screen.getByText(
        'You left PayPal without approving, so your plan has not changed and nothing more is charged.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(askedPlan.read()).toBeNull();
  });

  it('says nothing on a plain visit', () => {
    renderScreen(<PlanChangeNotice subscription={activeSubscription} />, { url: '/account/billing' });
    expect(screen.queryByText(/PayPal/)).not.toBeInTheDocument();
  });
});
