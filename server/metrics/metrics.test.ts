import parsePrometheusTextFormat, { type ParsedFamily } from 'parse-prometheus-text-format';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helper.js';

let current: TestApp | undefined;
afterEach(async () => {
  await current?.close();
  current = undefined;
});

const email = 'metrics@example.com';
const password = 'a long enough passphrase';

function family(families: ParsedFamily[], name: string): ParsedFamily {
  const found = families.find((one) => one.name === name);
  if (!found) throw new Error(`no ${name} in the scrape`);
  return found;
}

function valueOf(families: ParsedFamily[], name: string, labels: Record<string, string>): number {
  const sample = family(families, name).metrics.find((metric) =>
    Object.entries(labels).every(([key, value]) => metric.labels?.[key] === value),
  );
  return Number(sample?.value ?? sample?.count ?? 0);
}

describe('GET /metrics on METRICS_PORT', () => {
  it('counts real traffic in Prometheus text format, with no e-mail, id or token in any label', async () => {
    current = await buildTestApp({
      env: { METRICS_PORT: '0' },
      rateLimits: { settings: { signInPerIp: { limit: 2, windowMs: 60_000 } } },
    });
    const { app } = current;
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const metricsUrl = app.metricsUrl();
    expect(metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    expect(metricsUrl).not.toContain(new URL(base).port);

    const post = (path: string, body: unknown) =>
      fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const signUp = await post('/api/v1/users', { user: { email, password } });
    expect(signUp.status).toBe(201);
    const token = ((await signUp.json()) as { auth_token: string }).auth_token;
    expect((await post('/api/v1/login', { session: { email, password } })).status).toBe(200);
    expect((await post('/api/v1/login', { session: { email, password: 'wrong password!' } })).status).toBe(
      401,
    );
    // The third sign-in from this address in the window: refused by the per-address rule.
    expect((await post('/api/v1/login', { session: { email, password } })).status).toBe(429);
    const me = await fetch(`${base}/api/v1/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    // An unknown path that carries the token: counted under one label, never under its path.
    expect((await fetch(`${base}/api/v1/nothing/${token}`)).status).toBe(404);

    const scrape = await fetch(metricsUrl!);
    expect(scrape.status).toBe(200);
    expect(scrape.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await scrape.text();
    const families = parsePrometheusTextFormat(text);

    expect(
      valueOf(families, 'http_requests_total', { method: 'POST', route: '/api/v1/users', status: '201' }),
    ).toBe(1);
    expect(
      valueOf(families, 'http_requests_total', { method: 'GET', route: '/api/v1/me', status: '200' }),
    ).toBe(1);
    expect(
      valueOf(families, 'http_requests_total', { method: 'GET', route: 'unmatched', status: '404' }),
    ).toBe(1);
    expect(family(families, 'http_request_duration_seconds').type).toBe('HISTOGRAM');
    // The parser keeps a histogram's buckets but drops its labels, so its count per route is read off the line.
    expect(text).toMatch(/^http_request_duration_seconds_count\{route="\/api\/v1\/login"\} 3$/m);
    expect(valueOf(families, 'sign_ins_total', { method: 'password', result: 'ok' })).toBe(1);
    expect(valueOf(families, 'sign_ins_total', { method: 'password', result: 'failed' })).toBe(2);
    expect(valueOf(families, 'rate_limited_total', { rule: 'signInPerIp' })).toBe(1);
    // Sign-up and sign-in announce themselves to the account's open pages.
    expect(valueOf(families, 'push_messages_total', {})).toBeGreaterThanOrEqual(2);
    expect(family(families, 'cable_connections').metrics[0]?.value).toBe('0');
    expect(family(families, 'process_cpu_seconds_total').type).toBe('COUNTER');
    for (const name of ['paypal_webhooks_total', 'paypal_requests_total', 'mails_total'])
      expect(family(families, name).help).not.toBe('');

    expect(text).not.toContain(email);
    expect(text).not.toContain(token);
    const signedUpId = String(((await me.json()) as { id: number }).id);
    // Numbers that are the figures' own (a status, Node's version) may equal a small id by chance.
    const numeric = new Set(['status', 'major', 'minor', 'patch', 'le', 'quantile']);
    const labels = families.flatMap((one) =>
      one.metrics.flatMap((metric) => Object.entries(metric.labels ?? {})),
    );
    expect(labels.filter(([name]) => /user|email|token|id$/i.test(name))).toEqual([]);
    expect(labels.filter(([name, value]) => !numeric.has(name) && value === signedUpId)).toEqual([]);

    expect((await fetch(metricsUrl!.replace('/metrics', '/other'))).status).toBe(404);
  });

  it('opens no second listener without METRICS_PORT', async () => {
    current = await buildTestApp();
    await current.app.listen({ port: 0, host: '127.0.0.1' });
    expect(current.app.metricsUrl()).toBeNull();
  });
});
