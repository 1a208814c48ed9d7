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
  });
});
