import { describeFailure, PayPalError, type PayPalApi } from '../paypal/paypal-api.js';
import { planReplySchema, regularPrice, type PlanPrice } from './paypal-plan.js';

export { PAYPAL_TIMEOUT_MS, PayPalError, TOKEN_RENEW_MARGIN_MS } from '../paypal/paypal-api.js';

/** Billing plan prices, over the app's one PayPal REST client. */
export class PayPalClient {
  constructor(private readonly api: PayPalApi) {}

  /** The price, currency and period of a billing plan's REGULAR cycle, its name, description and trial. */
  async planPrice(planId: string): Promise<PlanPrice> {
    const path = `/v1/billing/plans/${encodeURIComponent(planId)}`;
    const reply = await this.api.authorized('GET', path);
    if (reply.status !== 200) throw new PayPalError(describeFailure('GET', path, reply), reply.status);
    const plan = planReplySchema.safeParse(reply.body);
    const price = plan.success ? regularPrice(plan.data) : null;
    if (!price) throw new PayPalError(`PayPal plan ${planId} has no fixed price on a REGULAR billing cycle`);
    return price;
  }
}
