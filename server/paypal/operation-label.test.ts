import { describe, expect, it } from 'vitest';
import { operationOf } from './paypal-api.js';

describe('a PayPal call as a metric label', () => {
  it('names the operation, never the plan, subscription or sale it was about', () => {
    expect(operationOf('/v1/billing/subscriptions/I-BW452GLLEP1G/cancel')).toBe(
      '/v1/billing/subscriptions/{id}/cancel',
    );
    expect(operationOf('/v1/billing/plans/P-5ML4271244454362WXNWU5NQ')).toBe('/v1/billing/plans/{id}');
    expect(operationOf('/v1/billing/subscriptions?plan_id=P-1')).toBe('/v1/billing/subscriptions');
    expect(operationOf('/v1/oauth2/token')).toBe('/v1/oauth2/token');
    // DESIGN 15's calls: the plan change and the history, whose query holds times.
    expect(operationOf('/v1/billing/subscriptions/I-BW452GLLEP1G/revise')).toBe(
      '/v1/billing/subscriptions/{id}/revise',
    );
    expect(
      operationOf(
        '/v1/billing/subscriptions/I-BW452GLLEP1G/transactions?start_time=2024-12-01T00%3A00%3A00.000Z&end_time=2026-12-01T00%3A00%3A00.000Z',
      ),
    ).toBe('/v1/billing/subscriptions/{id}/transactions');
    expect(operationOf('/v1/payments/sale/5KT53522GA0981725')).toBe('/v1/payments/sale/{id}');
  });
});
