import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  euroPlans,
  euroPlansInTheReply,
  payPalEnvFor,
  standInClientId,
  standInSecret,
} from '../../tests/support/paypal-plans.js';
import { startPayPalStandIn, type PayPalStandIn } from '../../tests/support/paypal-stand-in.js';
import { loadConfig, type Config } from '../config.js';
import { PayPalApi } from '../paypal/paypal-api.js';
import { payPalClientsFor } from '../paypal/paypal-clients.js';
import { PayPalClient } from './paypal-client.js';
import {
  DEFAULT_PRICES,
  PRICES_CACHE_MS,
  PricesService,
  pricesServiceFor,
  RETRY_AFTER_FAILURE_MS,
  type PricesLog,
} from './prices.service.js';
import { DEFAULT_PRICES_REPLY } from '../test/fixtures.js';

const [monthly] = euroPlans as [(typeof euroPlans)[0]];

let standIn: PayPalStandIn;
let clock: number;
let logs: { level: string; object: object; message: string }[];
const log: PricesLog = {
  info: (object, message) => logs.push({ level: 'info', object, message }),
  warn: (object, message) => logs.push({ level: 'warn', object, message }),
};

beforeEach(async () => {
  clock = Date.parse('2026-03-01T12:00:00Z');
  logs = [];
  standIn = await startPayPalStandIn({
    clientId: standInClientId,
    clientSecret: standInSecret,
    plans: euroPlans,
  });
});
afterEach(() => standIn.close());

/** The service over the stand-in; a short timeout keeps the hanging cases quick (the route test waits 3 s). */
function service() {
  const { paypal } = loadConfig(payPalEnvFor(standIn.url));
  const client = new PayPalClient(
    new PayPalApi({
      apiBase: paypal.apiBase,
      clientId: standInClientId,
      clientSecret: standInSecret,
      timeoutMs: 300,
      now: () => clock,
    }),
  );
  return new PricesService({ paypal, client, log, now: () => clock });
}

const failures: [string, (standIn: PayPalStandIn) => void][] = [
  [
    // A rotated secret: PayPal revokes the tokens it gave and refuses the old secret.
    'a wrong secret (401 invalid_client)',
    (s) => {
      s.failWith('invalid-client');
      s.revokeTokens();
    },
  ],
  ['an unknown plan (404 RESOURCE_NOT_FOUND)', (s) => s.removePlan(monthly.id)],
  ['a PayPal 5xx', (s) => s.failWith('server-error')],
  ['a PayPal that hangs past the timeout', (s) => s.failWith('hang')],
];

const defaults = {
  source: 'default',
  currency: 'USD',
  monthly: '16.99',
  weekly: '7.99',
  two_day: '2.49',
};
const fromPayPal = { source: 'paypal', currency: 'EUR', monthly: '12.50', weekly: '4.75', two_day: '1.90' };

describe('PricesService', () => {
  it("serves PayPal's prices, periods and currency, with each plan's name, description and trial", async () => {
    const reply = await service().current();
    expect(reply).toMatchObject({ ...fromPayPal, environment: 'sandbox', client_id: standInClientId });
    expect(reply.plans).toEqual(euroPlansInTheReply);
    expect(reply.recommended).toBe('monthly');
  });

  it('names a plan as PayPal names it, with no description when its plan has none', async () => {
    standIn.setPlan({ ...monthly, name: 'Pro, monthly', description: undefined });
    const reply = await service().current();
    expect(reply.plans[0]).toMatchObject({ name: 'Pro, monthly', description: null });
  });

  it("gives a plan PayPal left unnamed its default name, and marks PAYPAL_PLAN_RECOMMENDED's plan", async () => {
    const { paypal } = loadConfig({ ...payPalEnvFor(standIn.url), PAYPAL_PLAN_RECOMMENDED: 'weekly' });
    const unnamed = {
      async planPrice() {
        return { ...DEFAULT_PRICES.monthly, currency: 'EUR', name: null, description: null, trial: null };
      },
    };
    const reply = await new PricesService({ paypal, client: unnamed, log, now: () => clock }).current();
    expect(reply.plans.map((plan) => plan.name)).toEqual(['Monthly', 'Weekly', 'Two-day']);
    expect(reply.recommended).toBe('weekly');
  });

  it('asks PayPal again only once ten minutes have passed, serving the held prices meanwhile', async () => {
    const prices = service();
    await prices.current();
    expect(standIn.calls).toMatchObject({ token: 1, plans: 3 });

    // Ten minutes written out, not the constant: a shorter cache must fail this test.
    clock += 10 * 60_000 - 1;
    standIn.setPlan({ ...monthly, value: '13.00' });
    expect(await prices.current()).toMatchObject({ monthly: '12.50' });
    // A refresh runs in the background: let any that started finish before counting PayPal calls.
    await prices.settled();
    expect(standIn.calls.plans).toBe(3);
    expect(await prices.current()).toMatchObject({ monthly: '12.50' });

    clock += 1;
    expect(await prices.current()).toMatchObject({ monthly: '12.50' });
    await prices.settled();
    expect(standIn.calls).toMatchObject({ token: 1, plans: 6 });
    expect(await prices.current()).toMatchObject({ monthly: '13.00', source: 'paypal' });
    expect(standIn.calls.plans).toBe(6);
  });

  it('makes one refresh however many requests arrive together', async () => {
    const prices = service();
    const replies = await Promise.all(Array.from({ length: 25 }, () => prices.current()));
    expect(replies.every((reply) => reply.monthly === '12.50')).toBe(true);
    expect(standIn.calls).toMatchObject({ token: 1, plans: 3 });
    expect(Object.values(standIn.calls.plan)).toEqual([1, 1, 1]);

    clock += PRICES_CACHE_MS;
    await Promise.all(Array.from({ length: 25 }, () => prices.current()));
    await prices.settled();
    expect(standIn.calls.plans).toBe(6);
  });

  describe.each(failures)('on %s', (_name, fail) => {
    it('serves the last good prices', async () => {
      const prices = service();
      await prices.current();
      fail(standIn);
      clock += PRICES_CACHE_MS;
      const before = standIn.calls.token + standIn.calls.plans;
      expect(await prices.current()).toMatchObject(fromPayPal);
      await prices.settled();
      expect(standIn.calls.token + standIn.calls.plans).toBeGreaterThan(before);
      expect(await prices.current()).toMatchObject(fromPayPal);
      expect(logs.at(-1)).toMatchObject({
        level: 'warn',
        message: 'PayPal prices could not be refreshed; serving the last good prices',
      });
    });

    it('serves the defaults when PayPal never answered', async () => {
      fail(standIn);
      const reply = await service().current();
      expect(reply).toMatchObject({ ...defaults, environment: 'sandbox', client_id: standInClientId });
      expect(reply.plans.map((plan) => plan.paypal_plan_id)).toEqual(euroPlans.map((plan) => plan.id));
      expect(logs.at(-1)).toMatchObject({
        level: 'warn',
        message: 'PayPal prices could not be fetched; serving the default prices',
      });
      expect(JSON.stringify(logs)).not.toContain(standInSecret);
    });
  });

  it('lets PayPal rest a minute after a failure, then tries again and recovers', async () => {
    const prices = service();
    standIn.failWith('server-error');
    expect(await prices.current()).toMatchObject(defaults);
    expect(standIn.calls.token).toBe(1);

    clock += RETRY_AFTER_FAILURE_MS - 1;
    expect(await prices.current()).toMatchObject(defaults);
    expect(standIn.calls.token).toBe(1);

    standIn.failWith(null);
    clock += 1;
    expect(await prices.current()).toMatchObject(fromPayPal);
    expect(standIn.calls.token).toBe(2);
    expect(logs.at(-1)).toMatchObject({ level: 'info', message: 'PayPal prices are back' });
  });

  it('refuses plans priced in different currencies, keeping the last good prices', async () => {
    const prices = service();
    await prices.current();
    standIn.setPlan({ ...monthly, value: '14.00', currency: 'USD' });
    clock += PRICES_CACHE_MS;
    await prices.current();
    await prices.settled();
    expect(await prices.current()).toMatchObject(fromPayPal);
    expect(logs.at(-1)?.object).toEqual({
      reason: 'PayPal plans are priced in different currencies (USD, EUR)',
    });
  });
});

/** The configuration and the app's one PayPal client built from it, as the prices plugin gets them. */
function withApi(config: Config) {
  return { config, api: payPalClientsFor(config.paypal).api };
}

describe('pricesServiceFor', () => {
  it('serves the defaults without calling PayPal when PayPal is unset, and says nothing', async () => {
    const prices = pricesServiceFor({ ...withApi(loadConfig({ PAYPAL_API_BASE: standIn.url })), log });
    expect(await prices.current()).toEqual(DEFAULT_PRICES_REPLY);
    expect(standIn.calls).toMatchObject({ token: 0, plans: 0 });
    expect(logs).toEqual([]);
  });

  it('names the missing settings when PayPal is half configured, and serves the defaults', async () => {
    const env: Record<string, string> = { ...payPalEnvFor(standIn.url) };
    delete env.PAYPAL_PLAN_WEEKLY;
    delete env.PAYPAL_CLIENT_ID_SANDBOX;
    const prices = pricesServiceFor({ ...withApi(loadConfig(env)), log });
    expect(await prices.current()).toMatchObject(defaults);
    expect(standIn.calls.token).toBe(0);
    expect(logs).toEqual([
      {
        level: 'warn',
        object: { missing: ['PAYPAL_CLIENT_ID_SANDBOX', 'PAYPAL_PLAN_WEEKLY'] },
        message:
          'PayPal prices are off until PAYPAL_CLIENT_ID_SANDBOX, PAYPAL_PLAN_WEEKLY are set; serving the default prices',
      },
    ]);
  });

  it('fetches from PayPal with the configured timeout and clock when everything is set', async () => {
    const prices = pricesServiceFor({
      ...withApi(loadConfig(payPalEnvFor(standIn.url))),
      log,
      now: () => clock,
    });
    expect(await prices.current()).toMatchObject(fromPayPal);
    clock += PRICES_CACHE_MS - 1;
    await prices.current();
    expect(standIn.calls.plans).toBe(3);
  });
});
