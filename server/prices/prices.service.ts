import { PLAN_NAMES } from '../../contract/plan-rules.js';
import type { PlanId, PricesReply } from '../../contract/prices.js';
import type { Config } from '../config.js';
import type { PayPalApi } from '../paypal/paypal-api.js';
import { PayPalClient } from './paypal-client.js';
import type { PlanPrice } from './paypal-plan.js';

export const PRICES_CACHE_MS = 10 * 60_000;
/** After a failed refresh PayPal rests this long, so an outage costs one slow call a minute, not one a request. */
export const RETRY_AFTER_FAILURE_MS = 60_000;

export const PLAN_IDS: readonly PlanId[] = ['monthly', 'weekly', 'two_day'];

export const DEFAULT_CURRENCY = 'USD';

const unnamed = { name: null, description: null, trial: null };
export const DEFAULT_PRICES: Record<PlanId, PlanPrice> = {
  monthly: {
    price: '16.99',
    currency: DEFAULT_CURRENCY,
    interval_unit: 'MONTH',
    interval_count: 1,
    ...unnamed,
  },
  weekly: { price: '7.99', currency: DEFAULT_CURRENCY, interval_unit: 'WEEK', interval_count: 1, ...unnamed },
  two_day: { price: '2.49', currency: DEFAULT_CURRENCY, interval_unit: 'DAY', interval_count: 2, ...unnamed },
};

/** Where plan prices come from: PayPal's client, or anything that answers the same way. */
export interface PlanPriceSource {
  planPrice(paypalPlanId: string): Promise<PlanPrice>;
}

export interface PricesLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

export interface PricesServiceOptions {
  paypal: Config['paypal'];
  /** Null when PayPal is not configured: the defaults are served. */
  client: PlanPriceSource | null;
  log: PricesLog;
  now?: () => number;
}

interface GoodPrices {
  plans: Record<PlanId, PlanPrice>;
  currency: string;
  fetchedAt: number;
}

/**
 * The prices reply: PayPal's prices cached for ten minutes, one refresh at a time, the last good prices
 * when PayPal fails, the defaults when it never answered. Asking for prices never fails.
 */
export class PricesService {
  private good: GoodPrices | null = null;
  private refreshing: Promise<void> | null = null;
  private failedAt: number | null = null;
  private readonly now: () => number;

  constructor(private readonly options: PricesServiceOptions) {
    this.now = options.now ?? Date.now;
  }

  async current(): Promise<PricesReply> {
    if (this.options.client) {
      const now = this.now();
      const stale = !this.good || now - this.good.fetchedAt >= PRICES_CACHE_MS;
      const resting = this.failedAt !== null && now - this.failedAt < RETRY_AFTER_FAILURE_MS;
      if (stale && !resting) {
        const refresh = this.refresh(this.options.client);
        // Held prices are served at once while they refresh; only when none are held does the caller wait,
        // and PayPal's timeouts bound that wait.
        if (!this.good) await refresh;
      }
    }
    return this.reply();
  }

  /** Resolves when no refresh is in flight (tests wait on it; a refresh itself never rejects). */
  async settled(): Promise<void> {
    await this.refreshing;
  }

  private refresh(client: PlanPriceSource): Promise<void> {
    this.refreshing ??= this.fetchAll(client)
      .then(
        (good) => {
          if (this.failedAt !== null) this.options.log.info({}, 'PayPal prices are back');
          this.good = good;
          this.failedAt = null;
        },
        (error: unknown) => {
          this.failedAt = this.now();
          this.options.log.warn(
            { reason: error instanceof Error ? error.message : String(error) },
            this.good
              ? 'PayPal prices could not be refreshed; serving the last good prices'
              : 'PayPal prices could not be fetched; serving the default prices',
          );
        },
      )
      .finally(() => {
        this.refreshing = null;
      });
    return this.refreshing;
  }

  private async fetchAll(client: PlanPriceSource): Promise<GoodPrices> {
    const prices = await Promise.all(
      PLAN_IDS.map((id) => client.planPrice(this.options.paypal.plans[id] ?? '')),
    );
    const currencies = [...new Set(prices.map((price) => price.currency))];
    // The reply names one currency for all plans; mixing them would show some prices in the wrong one.
    if (currencies.length !== 1) {
      throw new Error(`PayPal plans are priced in different currencies (${currencies.join(', ')})`);
    }
    const [monthly, weekly, twoDay] = prices as [PlanPrice, PlanPrice, PlanPrice];
    return {
      plans: { monthly, weekly, two_day: twoDay },
      currency: currencies[0] ?? DEFAULT_CURRENCY,
      fetchedAt: this.now(),
    };
  }

  private reply(): PricesReply {
    const plans = this.good?.plans ?? DEFAULT_PRICES;
    return {
      environment: this.options.paypal.environment,
      client_id: this.options.paypal.clientId,
      currency: this.good?.currency ?? DEFAULT_CURRENCY,
      source: this.good ? 'paypal' : 'default',
      plans: PLAN_IDS.map((id) => ({
        id,
        name: plans[id].name ?? PLAN_NAMES[id],
        description: plans[id].description,
        price: plans[id].price,
        interval_unit: plans[id].interval_unit,
        interval_count: plans[id].interval_count,
        paypal_plan_id: this.options.paypal.plans[id],
        trial: plans[id].trial,
      })),
      recommended: this.options.paypal.recommended,
      monthly: plans.monthly.price,
      weekly: plans.weekly.price,
      two_day: plans.two_day.price,
    };
  }
}

/** What is missing for PayPal prices; empty when PayPal is fully configured. */
export function missingPayPalSettings(paypal: Config['paypal']): string[] {
  const missing: string[] = [];
  if (!paypal.clientSecret) missing.push('PAYPAL_CLIENT_SECRET');
  if (!paypal.clientId) {
    missing.push(
      paypal.environment === 'sandbox' ? 'PAYPAL_CLIENT_ID_SANDBOX' : 'PAYPAL_CLIENT_ID_PRODUCTION',
    );
  }
  if (!paypal.plans.monthly) missing.push('PAYPAL_PLAN_MONTHLY');
  if (!paypal.plans.weekly) missing.push('PAYPAL_PLAN_WEEKLY');
  if (!paypal.plans.two_day) missing.push('PAYPAL_PLAN_TWO_DAY');
  return missing;
}

/** The service for this configuration: PayPal when every setting is there, the defaults otherwise. */
export function pricesServiceFor({
  config,
  api,
  log,
  now,
}: {
  config: Config;
  /** The app's one PayPal REST client; null when the client id or secret is unset. */
  api: PayPalApi | null;
  log: PricesLog;
  now?: () => number;
}): PricesService {
  const { paypal } = config;
  const missing = missingPayPalSettings(paypal);
  if (missing.length > 0 && missing.length < 5) {
    log.warn(
      { missing },
      `PayPal prices are off until ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} set; serving the default prices`,
    );
  }
  const client = missing.length === 0 && api ? new PayPalClient(api) : null;
  return new PricesService({ paypal, client, log, now });
}
