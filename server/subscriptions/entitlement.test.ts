import { describe, expect, it } from 'vitest';
import { isEntitled, toSubscriptionJson } from './entitlement.js';
import type { Subscription } from './subscriptions.repository.js';

const NOW = new Date('2026-11-22T12:00:00.000Z');
const GRACE_DAYS = 7;

function subscription(change: Partial<Subscription>): Subscription {
  return {
    id: 1,
    userId: 1,
    paypalSubscriptionId: 'I-BW452GLLEP1G',
    plan: 'monthly',
    paypalPlanId: 'P-5ML4271244454362WXNWU5NQ',
    status: 'ACTIVE',
    nextBillingAt: '2026-12-22T10:00:00.000Z',
    lastPaymentAt: '2026-11-22T10:00:00.000Z',
    paymentFailed: false,
    statusChangedAt: '2026-11-22T10:00:00.000Z',
    accessUntil: null,
    createdAt: '2026-11-22T09:59:00.000Z',
    updatedAt: '2026-11-22T10:00:00.000Z',
    trialEndsAt: null,
    trialRemindedAt: null,
    planOverridden: false,
    accessEndedAt: null,
    ...change,
  };
}

const entitled = (change: Partial<Subscription>) => isEntitled(subscription(change), NOW, GRACE_DAYS);

describe('entitlement (DESIGN section 9)', () => {
  it('holds while ACTIVE, also after a failed payment that PayPal retries', () => {
    expect(entitled({ status: 'ACTIVE' })).toBe(true);
    expect(entitled({ status: 'ACTIVE', paymentFailed: true })).toBe(true);
  });

  it('holds while SUSPENDED until PAYPAL_GRACE_DAYS after the change, and not a moment longer', () => {
    expect(entitled({ status: 'SUSPENDED', statusChangedAt: '2026-11-15T12:00:00.001Z' })).toBe(true);
    expect(entitled({ status: 'SUSPENDED', statusChangedAt: '2026-11-15T12:00:00.000Z' })).toBe(false);
    expect(entitled({ status: 'SUSPENDED', statusChangedAt: '2026-11-01T00:00:00.000Z' })).toBe(false);
    expect(
      isEntitled(subscription({ status: 'SUSPENDED', statusChangedAt: '2026-11-01T00:00:00.000Z' }), NOW, 30),
    ).toBe(true);
  });

  it('holds while CANCELLED until access_until, and not without one', () => {
    expect(entitled({ status: 'CANCELLED', accessUntil: '2026-11-22T12:00:00.001Z' })).toBe(true);
    expect(entitled({ status: 'CANCELLED', accessUntil: '2026-11-22T12:00:00.000Z' })).toBe(false);
    expect(entitled({ status: 'CANCELLED', accessUntil: null })).toBe(false);
  });

  it('never holds for APPROVAL_PENDING, APPROVED or EXPIRED', () => {
    for (const status of ['APPROVAL_PENDING', 'APPROVED', 'EXPIRED'] as const)
      expect(entitled({ status, accessUntil: '2027-01-01T00:00:00.000Z' }), status).toBe(false);
  });

  it('shapes the subscription JSON', () => {
    expect(
      toSubscriptionJson(subscription({ paymentFailed: true }), NOW, {
        graceDays: GRACE_DAYS,
        environment: 'production',
      }),
    ).toEqual({
      id: 'I-BW452GLLEP1G',
      plan: 'monthly',
      status: 'ACTIVE',
      entitled: true,
      next_billing_at: '2026-12-22T10:00:00.000Z',
      access_until: null,
      payment_failed: true,
      fix_payment_url: 'https://www.paypal.com/myaccount/autopay/',
      trial_ends_at: null,
    });
  });

  it("links PayPal's automatic-payments page only while a payment has failed, the sandbox's in sandbox", () => {
    const failed = subscription({ paymentFailed: true });
    expect(
      toSubscriptionJson(failed, NOW, { graceDays: GRACE_DAYS, environment: 'sandbox' }).fix_payment_url,
    ).toBe('https://www.sandbox.paypal.com/myaccount/autopay/');
    expect(
      toSubscriptionJson(subscription({}), NOW, { graceDays: GRACE_DAYS, environment: 'production' })
        .fix_payment_url,
    ).toBeNull();
  });

  it('ends access the moment a refund or reversal ended it, whatever the status says', () => {
    const refunded = subscription({ status: 'ACTIVE', accessEndedAt: '2026-11-22T11:00:00.000Z' });
    expect(isEntitled(refunded, NOW, GRACE_DAYS)).toBe(false);
    expect(
      toSubscriptionJson(refunded, NOW, { graceDays: GRACE_DAYS, environment: 'production' }),
    ).toMatchObject({
      entitled: false,
      access_until: '2026-11-22T11:00:00.000Z',
    });
  });

  it('says until when a SUSPENDED one gives access: the end of its grace days', () => {
    const suspended = subscription({ status: 'SUSPENDED', statusChangedAt: '2026-11-20T08:30:00.000Z' });
    expect(
      toSubscriptionJson(suspended, NOW, { graceDays: GRACE_DAYS, environment: 'production' }),
    ).toMatchObject({
      entitled: true,
      access_until: '2026-11-27T08:30:00.000Z',
    });
    expect(
      toSubscriptionJson(suspended, NOW, { graceDays: 30, environment: 'production' }).access_until,
    ).toBe('2026-12-20T08:30:00.000Z');
  });
});
