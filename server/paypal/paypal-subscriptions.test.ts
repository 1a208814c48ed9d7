import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { euroPlans, standInClientId, standInSecret } from '../../tests/support/paypal-plans.js';
import { startPayPalStandIn, type PayPalStandIn } from '../../tests/support/paypal-stand-in.js';
import { PayPalApi, PayPalError } from './paypal-api.js';
import { PayPalSubscriptions } from './paypal-subscriptions.js';

let paypal: PayPalStandIn;
let client: PayPalSubscriptions;
const [plan] = euroPlans;
const input = {
  planId: plan!.id,
  userId: 42,
  returnUrl: 'https://app.example/pricing',
  cancelUrl: 'https://app.example/pricing',
  brandName: 'BullApp',
};

beforeEach(async () => {
  paypal = await startPayPalStandIn({
    clientId: standInClientId,
    clientSecret: standInSecret,
    plans: euroPlans,
  });
  client = new PayPalSubscriptions(
    new PayPalApi({ apiBase: paypal.url, clientId: standInClientId, clientSecret: standInSecret }),
  );
});
afterEach(() => paypal.close());

describe('PayPalSubscriptions', () => {
  it('creates a subscription awaiting approval, with a PayPal-Request-Id each time', async () => {
    const created = await client.create(input);
    expect(created).toMatchObject({ status: 'APPROVAL_PENDING', planId: plan!.id, customId: '42' });
    expect(created.approveUrl).toMatch(/^http/);
    await client.create(input);
    const [first, second] = paypal.subscriptions.calls.requestIds;
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).not.toBe(first);
  });

  it('reads a subscription, and null for one PayPal does not know', async () => {
    const created = await client.create(input);
    await paypal.subscriptions.approve(created.id);
    expect(await client.get(created.id)).toMatchObject({ status: 'ACTIVE', failedPayments: 0 });
    expect(await client.get('I-NOSUCHTHING1')).toBeNull();
  });

  it('cancels with a reason; PayPal refuses (422) unless ACTIVE or SUSPENDED', async () => {
    const created = await client.create(input);
    await expect(client.cancel(created.id, 'Changed my mind')).rejects.toMatchObject({ status: 422 });
    await paypal.subscriptions.approve(created.id);
    await client.cancel(created.id, 'Changed my mind');
    expect(await client.get(created.id)).toMatchObject({ status: 'CANCELLED' });
    await expect(client.cancel(created.id, 'Again')).rejects.toThrow(PayPalError);
  });

  it("leads the buyer from the approve link back to return_url with the subscription's id", async () => {
    const created = await client.create(input);
    const page = await fetch(created.approveUrl!);
    expect(await page.text()).toContain('Agree &amp; Subscribe');
    const approved = await fetch(created.approveUrl!, {
      method: 'POST',
      body: new URLSearchParams({ subscription_id: created.id }),
      redirect: 'manual',
    });
    expect(approved.status).toBe(302);
    const back = new URL(approved.headers.get('location')!);
    expect(back.origin + back.pathname).toBe('https://app.example/pricing');
    expect(back.searchParams.get('subscription_id')).toBe(created.id);
    expect(await client.get(created.id)).toMatchObject({ status: 'ACTIVE' });
  });

  it.each(['..', '../../v1/oauth2/token', 'I-ABC', 'I-' + 'A'.repeat(33), 'I-ABC/../..', 'i-BW452GLLEP1G'])(
    'never calls PayPal for %s, which is not shaped as a subscription id',
    async (id) => {
      await paypal.subscriptions.approve((await client.create(input)).id);
      paypal.resetCounts();
      expect(await client.get(id)).toBeNull();
      await expect(client.cancel(id, 'Changed my mind')).rejects.toThrow(PayPalError);
      expect(paypal.calls.all).toEqual([]);
    },
  );

  it('reports PayPal being unreachable as a PayPalError', async () => {
    paypal.failWith('unreachable');
    await expect(client.create(input)).rejects.toThrow(PayPalError);
  });
});
