import type { FastifyInstance } from 'fastify';
import { afterEach, expect } from 'vitest';
import type { AccountEvent } from '../../contract/cable.js';
import type { SubscriptionJson, SubscriptionPlan } from '../../contract/subscriptions.js';
import type { User } from '../../contract/users.js';
import { euroPlans, payPalEnvFor, standInClientId, standInSecret } from '../../tests/support/paypal-plans.js';
import { startPayPalStandIn, type PayPalStandIn } from '../../tests/support/paypal-stand-in.js';
import type { AppContextOverrides } from '../app-context.js';
import type { PushBus } from '../push/bus.js';
import { userStream, type AccountBroadcast } from '../push/account-events.js';
import { bearer, confirmAddress, signUpUser } from './accounts.js';
import { buildTestApp, type TestDialect } from './helper.js';
import { startSmtpServer, type TestSmtpServer } from './smtp.js';

/** The id of the webhook "registered at PayPal": the stand-in signs with it, the app checks against it. */
export const WEBHOOK_ID = '1JE4291016473214C';
export const PUBLIC_URL = 'http://app.test';

export interface Kit {
  paypal: PayPalStandIn;
  smtp: TestSmtpServer;
  app: FastifyInstance;
  webhookUrl: string;
}

/**
 * The PayPal stand-in (delivering no webhooks yet) and a real SMTP server, each handed to `defer` to be
 * closed, and the env that points an app at both.
 */
export async function startPayPalAndSmtp(defer: (cleanup: () => Promise<void>) => void) {
  const paypal = await startPayPalStandIn({
    clientId: standInClientId,
    clientSecret: standInSecret,
    plans: euroPlans,
  });
  defer(() => paypal.close());
  const smtp = await startSmtpServer();
  defer(() => smtp.close());
  const env = { ...payPalEnvFor(paypal.url), PAYPAL_WEBHOOK_ID: WEBHOOK_ID, SMTP_URL: smtp.url };
  return { paypal, smtp, env };
}

/**
 * For a subscriptions test file: `start(dialect)` starts the PayPal stand-in, a real SMTP server and an app
 * that listens (PayPal posts webhooks to it); the stand-in delivers webhooks unless `webhooks: false`.
 */
export function subscriptionsKit() {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  return async (
    dialect: TestDialect,
    {
      env = {},
      webhooks = true,
      bus,
      rateLimits,
      now,
    }: { env?: Record<string, string>; webhooks?: boolean; bus?: PushBus } & Pick<
      AppContextOverrides,
      'rateLimits' | 'now'
    > = {},
  ): Promise<Kit> => {
    const { paypal, smtp, env: servicesEnv } = await startPayPalAndSmtp((cleanup) => cleanups.push(cleanup));
    const testApp = await buildTestApp({
      dialect,
      env: { ...servicesEnv, PUBLIC_URL, ...env },
      bus,
      rateLimits,
      now,
    });
    cleanups.push(() => testApp.close());
    const address = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    const webhookUrl = `${address}/api/v1/paypal/webhook`;
    if (webhooks) paypal.webhooks.listen(webhookUrl, WEBHOOK_ID);
    return { paypal, smtp, app: testApp.app, webhookUrl };
  };
}

let emails = 0;
/** A new account with an e-mail address of its own, confirmed (DESIGN 13: only such accounts subscribe). */
export async function newUser(app: FastifyInstance): Promise<User> {
  emails += 1;
  const user = await signUpUser(app, { email: `subscriber${emails}-${process.pid}@example.com` });
  await confirmAddress(app, user);
  return user;
}

/** POST /api/v1/subscriptions as `user`: any plan name, sold or not. */
export const postSubscription = (app: FastifyInstance, user: User, plan: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/subscriptions',
    headers: bearer(user.auth_token),
    payload: { plan },
  });

export async function startSubscription(
  app: FastifyInstance,
  user: User,
  plan: SubscriptionPlan = 'monthly',
) {
  // A subscriber has confirmed their address (DESIGN 13: an unconfirmed one cannot subscribe).
  await confirmAddress(app, user);
  const reply = await postSubscription(app, user, plan);
  expect(reply.statusCode, reply.body).toBe(201);
  return reply.json<{ subscription_id: string; approve_url: string }>();
}

export const confirm = (app: FastifyInstance, user: User, subscriptionId: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/subscriptions/confirm',
    headers: bearer(user.auth_token),
    payload: { subscription_id: subscriptionId },
  });

/** Create, approve at PayPal, confirm: the subscriber's whole walk; returns the confirmed JSON. */
export async function subscribe(kit: Kit, user: User, plan: SubscriptionPlan = 'monthly') {
  const { subscription_id } = await startSubscription(kit.app, user, plan);
  await kit.paypal.subscriptions.approve(subscription_id);
  const reply = await confirm(kit.app, user, subscription_id);
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json<SubscriptionJson>();
}

export async function currentOf(app: FastifyInstance, user: User): Promise<SubscriptionJson | null> {
  const reply = await app.inject({ url: '/api/v1/subscription', headers: bearer(user.auth_token) });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json<{ subscription: SubscriptionJson | null }>().subscription;
}

export const cancel = (app: FastifyInstance, user: User) =>
  app.inject({ method: 'POST', url: '/api/v1/subscription/cancel', headers: bearer(user.auth_token) });

/** Every account event pushed to a user from now on. */
export async function pushedTo(app: FastifyInstance, userId: number): Promise<AccountEvent[]> {
  const events: AccountEvent[] = [];
  await app.ctx.bus.subscribe(userStream(userId), (message) => {
    events.push((message as AccountBroadcast).event);
  });
  return events;
}

export const rowsOf = (app: FastifyInstance) => ({
  subscriptions: () => app.database.db.selectFrom('subscriptions').selectAll().orderBy('id').execute(),
  events: () => app.database.db.selectFrom('paypal_events').selectAll().orderBy('id').execute(),
});

/** POST /api/v1/subscription/change as `user`: any plan name, sold or not. */
export const changePlanTo = (app: FastifyInstance, user: User, plan: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/subscription/change',
    headers: bearer(user.auth_token),
    payload: { plan },
  });

/**
 * The buyer at PayPal's page of a revise's approve link, as a browser: the page, then 'Agree & Update' or
 * 'Cancel and return'. Resolves with where PayPal sends the buyer back.
 */
export async function atPayPalUpdatePage(approveUrl: string, press: 'approve' | 'cancel'): Promise<string> {
  const page = await fetch(approveUrl);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('Agree &amp; Update');
  const subscriptionId = new URL(approveUrl).searchParams.get('subscription_id') ?? '';
  const pressed = await fetch(approveUrl, {
    method: 'POST',
    body: new URLSearchParams({ subscription_id: subscriptionId, action: press }),
    redirect: 'manual',
  });
  expect(pressed.status).toBe(302);
  return pressed.headers.get('location') ?? '';
}

/** GET /api/v1/billing/transactions as `user`. */
export const transactionsOf = (app: FastifyInstance, user: User) =>
  app.inject({ url: '/api/v1/billing/transactions', headers: bearer(user.auth_token) });
