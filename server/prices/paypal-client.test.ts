import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { euroPlans, standInClientId, standInSecret } from '../../tests/support/paypal-plans.js';
import { startPayPalStandIn, type PayPalStandIn } from '../../tests/support/paypal-stand-in.js';
import { PayPalApi } from '../paypal/paypal-api.js';
import { PayPalClient, PayPalError, TOKEN_RENEW_MARGIN_MS } from './paypal-client.js';

const [monthly, weekly, twoDay] = euroPlans as [
  (typeof euroPlans)[0],
  (typeof euroPlans)[0],
  (typeof euroPlans)[0],
];

let standIn: PayPalStandIn;
let clock: number;

beforeEach(async () => {
  clock = Date.parse('2026-03-01T12:00:00Z');
  standIn = await startPayPalStandIn({
    clientId: standInClientId,
    clientSecret: standInSecret,
    plans: euroPlans,
    tokenLifetimeSeconds: 3600,
  });
});
afterEach(() => standIn.close());

function client(options: { secret?: string; timeoutMs?: number; apiBase?: string } = {}) {
  return new PayPalClient(
    new PayPalApi({
      apiBase: options.apiBase ?? standIn.url,
      clientId: standInClientId,
      clientSecret: options.secret ?? standInSecret,
      timeoutMs: options.timeoutMs,
      now: () => clock,
    }),
  );
}

async function failureOf(promise: Promise<unknown>): Promise<PayPalError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(PayPalError);
  expect((error as Error).message).not.toContain(standInSecret);
  return error as PayPalError;
}

describe('PayPalClient', () => {
  it("reads the price, currency and period of the plan's REGULAR cycle, not its trial", async () => {
    const paypal = client();
    await expect(paypal.planPrice(monthly.id)).resolves.toEqual({
      price: '12.50',
      currency: 'EUR',
      interval_unit: 'MONTH',
      interval_count: 1,
      name: 'Monthly',
      description: 'Everything, billed once a month: the best value.',
      trial: { interval_unit: 'DAY', interval_count: 14, price: '0' },
    });
    await expect(paypal.planPrice(twoDay.id)).resolves.toEqual({
      price: '1.90',
      currency: 'EUR',
      interval_unit: 'DAY',
      interval_count: 2,
      name: 'Two-day',
      description: 'Everything for two days at a time, for a short project.',
      trial: null,
    });
  });

  it('gets one access token and reuses it for later calls', async () => {
    const paypal = client();
    await paypal.planPrice(monthly.id);
    await paypal.planPrice(weekly.id);
    await paypal.planPrice(twoDay.id);
    expect(standIn.calls).toMatchObject({ token: 1, plans: 3 });
  });

  it('shares one token call between calls made at the same moment', async () => {
    const paypal = client();
    await Promise.all(euroPlans.map((plan) => paypal.planPrice(plan.id)));
    expect(standIn.calls).toMatchObject({ token: 1, plans: 3 });
  });

  it('renews the token shortly before PayPal says it expires, not after', async () => {
    const paypal = client();
    await paypal.planPrice(monthly.id);
    clock += 3600 * 1000 - TOKEN_RENEW_MARGIN_MS - 1;
    await paypal.planPrice(monthly.id);
    expect(standIn.calls.token).toBe(1);
    clock += 1;
    await paypal.planPrice(monthly.id);
    expect(standIn.calls.token).toBe(2);
  });

  it('gets a fresh token and tries once more when PayPal revokes the token early', async () => {
    const paypal = client();
    await paypal.planPrice(monthly.id);
    standIn.revokeTokens();
    await expect(paypal.planPrice(weekly.id)).resolves.toMatchObject({ price: '4.75' });
    expect(standIn.calls).toMatchObject({ token: 2, plans: 3 });
  });

  it('fails with 401 invalid_client for a wrong secret, and never names the secret', async () => {
    const error = await failureOf(client({ secret: 'not-the-secret' }).planPrice(monthly.id));
    expect(error.status).toBe(401);
    expect(error.message).toBe('PayPal answered 401 invalid_client to POST /v1/oauth2/token');
    expect(error.message).not.toContain('not-the-secret');
    expect(standIn.calls.plans).toBe(0);
  });

  it('fails with 404 RESOURCE_NOT_FOUND for an unknown plan', async () => {
    const error = await failureOf(client().planPrice('P-0NOSUCHPLAN'));
    expect(error.status).toBe(404);
    expect(error.message).toMatch(
      /^PayPal answered 404 RESOURCE_NOT_FOUND to GET \/v1\/billing\/plans\/P-0NOSUCHPLAN \(debug id \w+\)$/,
    );
  });

  it('fails on a PayPal 5xx', async () => {
    standIn.failWith('server-error');
    const error = await failureOf(client().planPrice(monthly.id));
    expect(error.status).toBe(500);
    expect(error.message).toMatch(/^PayPal answered 500 INTERNAL_SERVER_ERROR to POST \/v1\/oauth2\/token/);
  });

  it('gives up on a call that hangs once its timeout passes', async () => {
    standIn.failWith('hang');
    const error = await failureOf(client({ timeoutMs: 200 }).planPrice(monthly.id));
    expect(error.message).toBe('PayPal did not answer POST /v1/oauth2/token within 200 ms');
  });

  it('gives up on a plan call that hangs after the token came back', async () => {
    const paypal = client({ timeoutMs: 200 });
    await paypal.planPrice(monthly.id);
    standIn.failWith('hang');
    const error = await failureOf(paypal.planPrice(weekly.id));
    expect(error.message).toBe(`PayPal did not answer GET /v1/billing/plans/${weekly.id} within 200 ms`);
  });

  it('fails when PayPal cannot be reached at all', async () => {
    const gone = await startPayPalStandIn({ clientId: 'x', clientSecret: 'y', plans: [] });
    await gone.close();
    const error = await failureOf(client({ apiBase: gone.url }).planPrice(monthly.id));
    expect(error.message).toBe('PayPal could not be reached for POST /v1/oauth2/token (ECONNREFUSED)');
  });

  it('fails for a plan without a fixed REGULAR price', async () => {
    standIn.setPlan({ ...monthly, currency: 'euro' });
    const error = await failureOf(client().planPrice(monthly.id));
    expect(error.message).toBe(`PayPal plan ${monthly.id} has no fixed price on a REGULAR billing cycle`);
  });
});
