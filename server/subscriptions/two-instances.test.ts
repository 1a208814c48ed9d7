import { afterEach, describe, expect, it } from 'vitest';
import { InProcessBus, type PushBus } from '../push/bus.js';
import { RedisBus } from '../push/redis-bus.js';
import { createSharedDatabase, listen, type ListeningApp } from '../test/cable-kit.js';
import { testDialects, testRedisPrefix } from '../test/helper.js';
import {
  newUser,
  pushedTo,
  rowsOf,
  startPayPalAndSmtp,
  startSubscription,
  WEBHOOK_ID,
} from '../test/subscriptions-kit.js';

const redisUrl = process.env.TEST_REDIS_URL ?? '';
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Two instances on one database and one bus (Redis when the run has one), as behind a load balancer. */
async function startTwo(dialect: (typeof testDialects)[number]) {
  const { paypal, smtp, env } = await startPayPalAndSmtp((cleanup) => cleanups.push(cleanup));
  const database = await createSharedDatabase(dialect);
  cleanups.push(() => database.drop());
  const prefix = testRedisPrefix();
  const shared = new InProcessBus();
  const instances: ListeningApp[] = [];
  for (let n = 0; n < 2; n++) {
    const bus: PushBus = redisUrl ? new RedisBus(redisUrl, { prefix }) : shared;
    if (redisUrl) cleanups.push(() => bus.close());
    const instance = await listen(database.url, { env, bus });
    cleanups.push(() => instance.close());
    instances.push(instance);
  }
  const [first, second] = instances as [ListeningApp, ListeningApp];
  const webhookUrl = (instance: ListeningApp) =>
    `${instance.cableUrl.replace(/^ws/, 'http').replace(/\/cable$/, '')}/api/v1/paypal/webhook`;
  return { paypal, smtp, first, second, webhookUrl };
}

describe.each(testDialects)('two instances receiving webhooks for one subscription, on %s', (dialect) => {
  it('store one row, record each event once, and mail and push each change once', async () => {
    const { paypal, smtp, first, second, webhookUrl } = await startTwo(dialect);
    const user = await newUser(first.app);
    const { subscription_id: id } = await startSubscription(first.app, user);
    const pushed = await pushedTo(first.app, user.id);
    await paypal.subscriptions.approve(id);

    const toFirst = { url: webhookUrl(first), webhookId: WEBHOOK_ID };
    const toSecond = { url: webhookUrl(second), webhookId: WEBHOOK_ID };
    const [activated, sale] = await Promise.all([
      paypal.webhooks.send('BILLING.SUBSCRIPTION.ACTIVATED', id, toFirst),
      paypal.webhooks.send('PAYMENT.SALE.COMPLETED', id, toSecond),
    ]);
    // PayPal redelivers to whichever instance the balancer picks, at the same moment.
    const replays = await Promise.all([
      paypal.webhooks.resend(activated, toSecond),
      paypal.webhooks.resend(sale, toFirst),
    ]);
    for (const delivery of [activated, sale, ...replays]) expect(delivery.status, delivery.body).toBe(200);

    const rows = await rowsOf(second.app).subscriptions();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ paypal_subscription_id: id, status: 'ACTIVE', user_id: user.id });
    expect(await rowsOf(first.app).events()).toHaveLength(2);

    await Promise.all([first.app.ctx.mailer.flush(), second.app.ctx.mailer.flush()]);
    const mails = smtp.mails.filter((mail) => mail.to.includes(user.email));
    // The sale's receipt too (DESIGN 15), once for both instances and both deliveries.
    expect(mails.map((mail) => mail.subject).sort()).toEqual([
      'Your BullApp receipt',
      'Your BullApp subscription is active',
    ]);
    expect(
      pushed.map((event) => event.event === 'subscription_changed' && event.subscription.status),
    ).toEqual(['ACTIVE']);
  });
});
