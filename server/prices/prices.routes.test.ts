import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  euroPlans,
  euroPlansInTheReply,
  payPalEnvFor,
  standInClientId,
  standInSecret,
} from '../../tests/support/paypal-plans.js';
import { startPayPalStandIn, type PayPalStandIn } from '../../tests/support/paypal-stand-in.js';
import { buildTestApp, type TestApp } from '../test/helper.js';
import { DEFAULT_PRICES_REPLY } from '../test/fixtures.js';

let standIn: PayPalStandIn;
let current: TestApp | undefined;
let logLines: string[];

beforeEach(async () => {
  logLines = [];
  standIn = await startPayPalStandIn({
    clientId: standInClientId,
    clientSecret: standInSecret,
    plans: euroPlans,
  });
});
afterEach(async () => {
  await current?.close();
  current = undefined;
  await standIn.close();
});

async function start(env: Record<string, string>) {
  current = await buildTestApp({
    env,
    logger: { level: 'info', stream: { write: (line: string) => void logLines.push(line) } },
  });
  return current.app;
}

describe('GET /api/v1/paypal_prices', () => {
  it("answers with PayPal's prices and currency, the environment and its public client id", async () => {
    const app = await start(payPalEnvFor(standIn.url));
    const reply = await app.inject('/api/v1/paypal_prices');
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({
      environment: 'sandbox',
      client_id: standInClientId,
      currency: 'EUR',
      source: 'paypal',
      plans: euroPlansInTheReply,
      recommended: 'monthly',
      monthly: '12.50',
      weekly: '4.75',
      two_day: '1.90',
    });
    expect(reply.body).not.toContain(standInSecret);
  });

  it('answers from its cache: many requests, one token and one call per plan', async () => {
    const app = await start(payPalEnvFor(standIn.url));
    const replies = await Promise.all(Array.from({ length: 10 }, () => app.inject('/api/v1/paypal_prices')));
    replies.push(await app.inject('/api/v1/paypal_prices'));
    expect(replies.map((reply) => reply.json().monthly)).toEqual(Array(11).fill('12.50'));
    expect(standIn.calls).toMatchObject({ token: 1, plans: 3 });
  });

  it('answers the defaults when PayPal is not configured', async () => {
    const app = await start({});
    const reply = await app.inject('/api/v1/paypal_prices');
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual(DEFAULT_PRICES_REPLY);
  });

  it('answers the defaults for a wrong secret, and never writes the secret in a reply or a log', async () => {
    const wrongSecret = 'EKwrong-secret-4d1c9e';
    const app = await start({ ...payPalEnvFor(standIn.url), PAYPAL_CLIENT_SECRET: wrongSecret });
    const reply = await app.inject('/api/v1/paypal_prices');
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({ source: 'default', currency: 'USD', monthly: '16.99' });
    expect(standIn.calls).toMatchObject({ token: 1, plans: 0 });
    const logs = logLines.join('\n');
    expect(logs).toContain('PayPal answered 401 invalid_client to POST /v1/oauth2/token');
    for (const secret of [wrongSecret, Buffer.from(`${standInClientId}:${wrongSecret}`).toString('base64')]) {
      expect(reply.body).not.toContain(secret);
      expect(logs).not.toContain(secret);
    }
  });

  it('answers the defaults for an unknown plan id', async () => {
    const app = await start({ ...payPalEnvFor(standIn.url), PAYPAL_PLAN_WEEKLY: 'P-0NOSUCHPLAN0000' });
    const reply = await app.inject('/api/v1/paypal_prices');
    expect(reply.json()).toMatchObject({ source: 'default', weekly: '7.99' });
    expect(reply.json().plans[1].paypal_plan_id).toBe('P-0NOSUCHPLAN0000');
    expect(logLines.join('\n')).toContain('PayPal answered 404 RESOURCE_NOT_FOUND');
  });

  it('answers the defaults when PayPal fails with a 5xx', async () => {
    standIn.failWith('server-error');
    const app = await start(payPalEnvFor(standIn.url));
    const reply = await app.inject('/api/v1/paypal_prices');
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({ source: 'default', monthly: '16.99' });
  });

  it(
    'answers the defaults once the 3-second timeout passes when PayPal hangs',
    // Without the timeout the request would hang and this test would fail on its own 8-second limit.
    { timeout: 8000 },
    async () => {
      standIn.failWith('hang');
      const app = await start(payPalEnvFor(standIn.url));
      const reply = await app.inject('/api/v1/paypal_prices');
      expect(reply.statusCode).toBe(200);
      expect(reply.json()).toMatchObject({ source: 'default', monthly: '16.99' });
      expect(logLines.join('\n')).toContain('PayPal did not answer POST /v1/oauth2/token within 3000 ms');
    },
  );

  it('answers the defaults when PayPal cannot be reached', async () => {
    const gone = await startPayPalStandIn({ clientId: 'x', clientSecret: 'y', plans: [] });
    await gone.close();
    const app = await start(payPalEnvFor(gone.url));
    expect((await app.inject('/api/v1/paypal_prices')).json()).toMatchObject({ source: 'default' });
    expect(logLines.join('\n')).toContain('PayPal could not be reached for POST /v1/oauth2/token');
  });

  it('is described in the OpenAPI document', async () => {
    const app = await start({});
    const doc = (await app.inject('/api/openapi.json')).json();
    const operation = doc.paths['/api/v1/paypal_prices'].get;
    expect(Object.keys(operation.responses)).toEqual(['200']);
    expect(operation.responses['200'].content['application/json'].schema.properties).toHaveProperty('source');
  });
});
