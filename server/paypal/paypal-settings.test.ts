import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';

describe('the PayPal subscription settings', () => {
  it('default to no webhook, PayPal’s SDK and 7 grace days', () => {
    expect(loadConfig({}).paypal).toMatchObject({
      webhookId: null,
      sdkUrl: 'https://www.paypal.com/sdk/js',
      graceDays: 7,
    });
  });

  it('take PAYPAL_WEBHOOK_ID, PAYPAL_SDK_URL and PAYPAL_GRACE_DAYS', () => {
    const config = loadConfig({
      PAYPAL_WEBHOOK_ID: ' 1JE4291016473214C ',
      PAYPAL_SDK_URL: 'http://127.0.0.1:4500/sdk/js',
      PAYPAL_GRACE_DAYS: '3',
    });
    expect(config.paypal).toMatchObject({
      webhookId: '1JE4291016473214C',
      sdkUrl: 'http://127.0.0.1:4500/sdk/js',
      graceDays: 3,
    });
  });

  it('name every bad one', () => {
    let error: unknown;
    try {
      loadConfig({ PAYPAL_SDK_URL: 'ftp://example.com/sdk', PAYPAL_GRACE_DAYS: 'a week' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      'PAYPAL_SDK_URL must be an http:// or https:// URL (got "ftp://example.com/sdk")',
      'PAYPAL_GRACE_DAYS must be a whole number of days from 0 to 365 (got "a week")',
    ]);
  });
});
