import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Transaction } from '../../contract/billing.js';
import { ERROR_VARIANTS } from '../../contract/errors.js';
import { redactUrl } from '../http/logger.js';
import { bearer } from '../test/accounts.js';
import { testDialects } from '../test/helper.js';
import {
  newUser,
  subscribe,
  subscriptionsKit,
  transactionsOf,
  PUBLIC_URL,
  type Kit,
} from '../test/subscriptions-kit.js';
import type { User } from '../../contract/users.js';

const start = subscriptionsKit();
const MONTH_MS = 30 * 24 * 60 * 60_000;

const receiptLink = (kit: Kit, user: User, transactionId: string) =>
  kit.app.inject({
    method: 'POST',
    url: '/api/v1/billing/receipt_link',
    headers: bearer(user.auth_token),
    payload: { transaction_id: transactionId },
  });

/** A subscriber with three payments over two subscriptions: weekly's paid trial week, its renewal, two-day. */
async function threePayments(kit: Kit) {
  const user = await newUser(kit.app);
  const weekly = await subscribe(kit, user, 'weekly');
  await kit.paypal.subscriptions.payRenewal(weekly.id);
  await kit.paypal.subscriptions.expire(weekly.id);
  const twoDay = await subscribe(kit, user, 'two_day');
  const ledger = (id: string) => kit.paypal.subscriptions.subscriptions.get(id)!.ledger;
  const [trialWeek, renewal] = ledger(weekly.id);
  const [first] = ledger(twoDay.id);
  return { user, weekly, twoDay, trialWeek: trialWeek!, renewal: renewal!, first: first! };
}

describe.each(testDialects)('GET /api/v1/billing/transactions on %s', (dialect) => {
  it("lists PayPal's payments of every subscription of the user, newest first, with their fields", async () => {
    const kit = await start(dialect);
    const { user, weekly, twoDay, trialWeek, renewal, first } = await threePayments(kit);
    const other = await newUser(kit.app);
    await subscribe(kit, other, 'two_day');

    const reply = await transactionsOf(kit.app, user);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.headers['cache-control']).toBe('no-store');
    const entry = (sale: typeof first, plan: string, subscription_id: string): Transaction =>
      ({
        id: sale.id,
        time: sale.time,
        status: 'COMPLETED',
        amount: { currency_code: 'EUR', value: sale.value },
        plan,
        subscription_id,
      }) as Transaction;
    expect(reply.json()).toEqual({
      transactions: [
        entry(first, 'two_day', twoDay.id),
        entry(renewal, 'weekly', weekly.id),
        entry(trialWeek, 'weekly', weekly.id),
      ],
    });
    expect(first.value).toBe('1.90');
    expect(renewal.value).toBe('4.75');
    expect(trialWeek.value).toBe('1.00');
  });

  it('asks PayPal for no more than the last 24 months, up to now', async () => {
    const kit = await start(dialect);
    const { user } = await threePayments(kit);
    kit.paypal.subscriptions.calls.transactionRanges.length = 0;
    expect((await transactionsOf(kit.app, user)).statusCode).toBe(200);
    const ranges = kit.paypal.subscriptions.calls.transactionRanges;
    expect(ranges).toHaveLength(2);
    for (const { start: from, end: to } of ranges) {
      expect(Date.parse(from!)).toBeGreaterThanOrEqual(Date.now() - 24 * MONTH_MS - MONTH_MS);
      expect(Math.abs(Date.parse(to!) - Date.now())).toBeLessThan(60_000);
    }
  });

  it('is empty for a user who never paid, and 503 payments_unavailable while PayPal is down', async () => {
    const kit = await start(dialect);
    const { user } = await threePayments(kit);
    const newcomer = await newUser(kit.app);
    expect((await transactionsOf(kit.app, newcomer)).json()).toEqual({ transactions: [] });
    kit.paypal.failWith('server-error');
    const reply = await transactionsOf(kit.app, user);
    expect(reply.statusCode).toBe(503);
    expect(reply.json()).toEqual({
      error: 'payments_unavailable',
      message: ERROR_VARIANTS.historyUnavailable,
    });
  });
});

describe.each(testDialects)('receipts on %s', (dialect) => {
  it('shows a printable receipt with its own strict CSP and every fact of the payment', async () => {
    const kit = await start(dialect);
    const { user, renewal } = await threePayments(kit);
    const reply = await kit.app.inject({
      url: `/billing/receipts/${renewal.id}`,
      headers: bearer(user.auth_token),
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(reply.headers['cache-control']).toBe('no-store');
    const csp = String(reply.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    const html = reply.body;
    expect(html).not.toMatch(/<script/i);
    // The one inline stylesheet is let in by its hash, with print styles.
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
    expect(style).toContain('@media print');
    expect(csp).toContain(`style-src 'sha256-${createHash('sha256').update(style).digest('base64')}'`);
    const day = new Date(renewal.time).toLocaleDateString('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    for (const fact of [
      'BullApp',
      'support@example.com',
      'buyer@example.com',
      user.email,
      day,
      'Weekly plan',
    ])
      expect(html).toContain(fact);
    expect(html).toContain('4.75 EUR');
    expect(html).toContain(renewal.id);
  });

  it("answers 404 for another user's payment, by Bearer and by link, and for no credentials", async () => {
    const kit = await start(dialect);
    const { renewal } = await threePayments(kit);
    const stranger = await newUser(kit.app);
    await subscribe(kit, stranger, 'two_day');
    const byBearer = await kit.app.inject({
      url: `/billing/receipts/${renewal.id}`,
      headers: bearer(stranger.auth_token),
    });
    expect(byBearer.statusCode).toBe(404);
    expect(byBearer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(byBearer.body).toContain('This receipt cannot be shown');
    expect(byBearer.body).not.toContain('4.75');
    const link = await receiptLink(kit, stranger, renewal.id);
    expect(link.statusCode).toBe(404);
    expect(link.json()).toEqual({
      error: 'transaction_not_found',
      message: 'No such payment was found for your account.',
    });
    expect((await kit.app.inject({ url: `/billing/receipts/${renewal.id}` })).statusCode).toBe(404);
  });

  it('opens once from a receipt link made by an authenticated call, within 5 minutes', async () => {
    // The app's clock runs with the stand-in's, and can be moved ahead.
    let ahead = 0;
    const kit = await start(dialect, { now: () => new Date(Date.now() + ahead) });
    const { user, first, renewal } = await threePayments(kit);
    const made = await receiptLink(kit, user, first.id);
    expect(made.statusCode, made.body).toBe(200);
    const { url, expires_at } = made.json<{ url: string; expires_at: string }>();
    expect(url.startsWith(`${PUBLIC_URL}/billing/receipts/${first.id}?token=`)).toBe(true);
    expect(Math.abs(Date.parse(expires_at) - Date.now() - 5 * 60_000)).toBeLessThan(10_000);
    const path = url.slice(PUBLIC_URL.length);
    // The request log never holds the token.
    expect(redactUrl(path)).toBe(`/billing/receipts/${first.id}?token=[REDACTED]`);

    // A link preview's HEAD does not spend it.
    expect((await kit.app.inject({ method: 'HEAD', url: path })).statusCode).toBe(404);
    const opened = await kit.app.inject({ url: path });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.body).toContain('1.90 EUR');
    expect((await kit.app.inject({ url: path })).statusCode).toBe(404);

    // Not for another payment, nor after 5 minutes.
    const other = new URL(receiptLinkUrl(await receiptLink(kit, user, first.id)));
    expect(
      (await kit.app.inject({ url: `/billing/receipts/${renewal.id}?${other.searchParams}` })).statusCode,
    ).toBe(404);
    const late = receiptLinkUrl(await receiptLink(kit, user, first.id));
    ahead = 5 * 60_000 + 1;
    expect((await kit.app.inject({ url: late.slice(PUBLIC_URL.length) })).statusCode).toBe(404);
    expect((await kit.app.inject({ url: `/billing/receipts/${first.id}?token=nonsense` })).statusCode).toBe(
      404,
    );
    // The hourly job sweeps a link nobody used once it expired.
    await receiptLink(kit, user, renewal.id);
    const swept = await kit.app.housekeeping.sweep(kit.app.database.db, new Date(Date.now() + 2 * ahead));
    expect(swept['receipt links']).toBe(1);
    expect(await kit.app.database.db.selectFrom('receipt_links').selectAll().execute()).toEqual([]);
  });

  it('answers 503 with a sentence while PayPal is down', async () => {
    const kit = await start(dialect);
    const { user, first } = await threePayments(kit);
    kit.paypal.failWith('unreachable');
    const reply = await kit.app.inject({
      url: `/billing/receipts/${first.id}`,
      headers: bearer(user.auth_token),
    });
    expect(reply.statusCode).toBe(503);
    expect(reply.body).toContain(ERROR_VARIANTS.historyUnavailable);
    expect((await receiptLink(kit, user, first.id)).statusCode).toBe(503);
  });
});

function receiptLinkUrl(reply: { statusCode: number; body: string; json: <T>() => T }): string {
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json<{ url: string }>().url;
}

describe.each(testDialects)('mails about payments on %s', (dialect) => {
  it('mails a receipt for each PAYMENT.SALE.COMPLETED, once per sale whatever the redeliveries', async () => {
    const kit = await start(dialect);
    const user = await newUser(kit.app);
    const active = await subscribe(kit, user, 'two_day');
    const receipt = await kit.smtp.waitForMail(user.email, { since: 0 });
    const receipts = () =>
      kit.smtp.mails.filter((m) => m.to.includes(user.email) && m.subject === 'Your BullApp receipt');
    const [sale] = kit.paypal.subscriptions.subscriptions.get(active.id)!.ledger;
    await kit.app.ctx.mailer.flush();
    expect(receipts()).toHaveLength(1);
    expect(receipts()[0]!.text).toContain('1.90 EUR');
    expect(receipts()[0]!.text).toContain('Two-day plan');
    expect(receipts()[0]!.text).toContain(sale!.id);
    expect(receipts()[0]!.text).toContain(`${PUBLIC_URL}/account/billing`);
    expect(receipt).toBeDefined();

    const completed = kit.paypal.webhooks.deliveries.find(
      (d) => d.event.event_type === 'PAYMENT.SALE.COMPLETED',
    )!;
    expect((await kit.paypal.webhooks.resend(completed)).status).toBe(200);
    await kit.app.ctx.mailer.flush();
    expect(receipts()).toHaveLength(1);

    const { sale: renewal } = await kit.paypal.subscriptions.payRenewal(active.id);
    await kit.app.ctx.mailer.flush();
    expect(receipts()).toHaveLength(2);
    expect(receipts()[1]!.text).toContain(renewal.id);
  });

  it("links PayPal's automatic-payments page in the payment-failed mail", async () => {
    const kit = await start(dialect);
    const user = await newUser(kit.app);
    const active = await subscribe(kit, user, 'two_day');
    await kit.paypal.subscriptions.failPayment(active.id);
    await kit.app.ctx.mailer.flush();
    const mail = kit.smtp.mails.find(
      (m) => m.to.includes(user.email) && m.subject === 'Your BullApp payment did not go through',
    );
    expect(mail?.text).toContain(
      'Fix your payment method at PayPal: https://www.sandbox.paypal.com/myaccount/autopay/',
    );
  });
});

describe.each(testDialects)('billing reads from PayPal, on %s', (dialect) => {
  it('are limited per account (each is a PayPal call): 429 with Retry-After, on the page too', async () => {
    const kit = await start(dialect, {
      rateLimits: { settings: { billingReadsPerUser: { limit: 2, windowMs: 60_000 } } },
    });
    const { user, first } = await threePayments(kit);
    expect((await transactionsOf(kit.app, user)).statusCode).toBe(200);
    expect((await receiptLink(kit, user, first.id)).statusCode).toBe(200);
    const refused = await transactionsOf(kit.app, user);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: 'too_many_requests' });
    expect(refused.headers['retry-after']).toBeDefined();
    const page = await kit.app.inject({
      url: `/billing/receipts/${first.id}`,
      headers: bearer(user.auth_token),
    });
    expect(page.statusCode).toBe(429);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('Too many attempts.');
    // Another account is not held back.
    expect((await transactionsOf(kit.app, await newUser(kit.app))).statusCode).toBe(200);
  });
});
