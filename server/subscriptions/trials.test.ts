import { describe, expect, it } from 'vitest';
import { testDialects } from '../test/helper.js';
import {
  confirm,
  currentOf,
  newUser,
  rowsOf,
  startSubscription,
  subscribe,
  subscriptionsKit,
  type Kit,
} from '../test/subscriptions-kit.js';
import type { User } from '../../contract/users.js';

const start = subscriptionsKit();
const DAY_MS = 24 * 60 * 60_000;

/** Whether PayPal was asked to create with a plan override, per create, in order. */
const overrides = (kit: Kit) =>
  kit.paypal.subscriptions.calls.createBodies.map((body) => (body as { plan?: unknown }).plan ?? null);

const mailsTo = async (kit: Kit, user: User, subject: RegExp) => {
  await kit.app.ctx.mailer.flush();
  return kit.smtp.mails.filter((mail) => mail.to.includes(user.email) && subject.test(mail.subject));
};

describe.each(testDialects)('one trial per account, on %s', (dialect) => {
  it("gives the plan's trial to the first subscription only; a later one is made without it", async () => {
    const kit = await start(dialect);
    const user = await newUser(kit.app);
    const first = await subscribe(kit, user, 'monthly');
    // The monthly plan's free trial: two 7-day cycles, billed first when they end.
    expect(Date.parse(first.trial_ends_at!) - Date.now()).toBeGreaterThan(13 * DAY_MS);
    expect(first.trial_ends_at).toBe(first.next_billing_at);
    expect(kit.paypal.subscriptions.subscriptions.get(first.id)!.ledger).toEqual([]);
    await kit.paypal.subscriptions.expire(first.id);

    const second = await subscribe(kit, user, 'monthly');
    expect(overrides(kit)).toEqual([
      null,
      {
        billing_cycles: [
          {
            sequence: 2,
            total_cycles: 0,
            pricing_scheme: { fixed_price: { currency_code: 'EUR', value: '12.50' } },
          },
        ],
      },
    ]);
    expect(second.trial_ends_at).toBeNull();
    expect(kit.paypal.subscriptions.subscriptions.get(second.id)!.ledger.map((e) => e.value)).toEqual([
      '12.50',
    ]);
    const rows = await rowsOf(kit.app).subscriptions();
    expect(rows.map((row) => row.plan_overridden)).toEqual([0, 1]);
  });

  it('does not count a subscription that was never approved, nor override a plan without a trial', async () => {
    const kit = await start(dialect);
    const user = await newUser(kit.app);
    await startSubscription(kit.app, user, 'weekly');
    const trial = await subscribe(kit, user, 'weekly');
    expect(trial.trial_ends_at).not.toBeNull();
    await kit.paypal.subscriptions.expire(trial.id);
    await subscribe(kit, user, 'two_day');
    expect(overrides(kit)).toEqual([null, null, null]);
  });

  it('refuses a subscription whose plan override this server did not make', async () => {
    const kit = await start(dialect, { webhooks: false });
    const user = await newUser(kit.app);
    const { subscription_id: id } = await startSubscription(kit.app, user, 'monthly');
    kit.paypal.subscriptions.subscriptions.get(id)!.planOverridden = true;
    await kit.paypal.subscriptions.approve(id);
    expect((await confirm(kit.app, user, id)).statusCode).toBe(404);
    expect(await currentOf(kit.app, user)).toMatchObject({ status: 'APPROVAL_PENDING', entitled: false });
  });

  it('answers 503 and creates nothing when the plan cannot be read for the override', async () => {
    const kit = await start(dialect);
    const user = await newUser(kit.app);
    const first = await subscribe(kit, user, 'monthly');
    await kit.paypal.subscriptions.expire(first.id);
    kit.paypal.removePlan(kit.app.config.paypal.plans.monthly!);
    const reply = await kit.app.inject({
      method: 'POST',
      url: '/api/v1/subscriptions',
      headers: { authorization: `Bearer ${user.auth_token}` },
      payload: { plan: 'monthly' },
    });
    expect(reply.statusCode).toBe(503);
    expect(reply.json()).toMatchObject({ error: 'payments_unavailable' });
    expect(kit.paypal.subscriptions.calls.create).toBe(1);
  });
});

describe.each(testDialects)('the mail three days before a trial ends, on %s', (dialect) => {
  it('goes out once, from the hourly job, and not for a subscription out of its trial', async () => {
    const kit = await start(dialect);
    const user = await newUser(kit.app);
    const trial = await subscribe(kit, user, 'monthly');
    const endsAt = Date.parse(trial.trial_ends_at!);
    const sweep = (at: number) => kit.app.housekeeping.sweep(kit.app.database.db, new Date(at));
    const subject = /^Your BullApp trial ends on /;

    expect((await sweep(endsAt - 3 * DAY_MS - 60_000))['trial reminders mailed']).toBe(0);
    expect(await mailsTo(kit, user, subject)).toEqual([]);
    expect((await sweep(endsAt - 3 * DAY_MS + 60_000))['trial reminders mailed']).toBe(1);
    const day = new Date(endsAt).toLocaleDateString('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    const [mail] = await mailsTo(kit, user, subject);
    expect(mail?.subject).toBe(`Your BullApp trial ends on ${day}`);
    expect(mail?.text).toContain('cancel on your account page before then');

    // Every later hour, on every instance: no second mail.
    await Promise.all([sweep(endsAt - 2 * DAY_MS), sweep(endsAt - 2 * DAY_MS)]);
    await sweep(endsAt - DAY_MS);
    expect(await mailsTo(kit, user, subject)).toHaveLength(1);
    expect((await rowsOf(kit.app).subscriptions())[0]?.trial_reminded_at).not.toBeNull();

    // A subscription without a trial, and one whose trial is over, get none.
    const other = await newUser(kit.app);
    await subscribe(kit, other, 'two_day');
    const paid = await newUser(kit.app);
    const weekly = await subscribe(kit, paid, 'weekly');
    await kit.paypal.subscriptions.payRenewal(weekly.id);
    expect(await currentOf(kit.app, paid)).toMatchObject({ trial_ends_at: null });
    await sweep(Date.now() + 6 * DAY_MS);
    expect(await mailsTo(kit, other, subject)).toEqual([]);
    expect(await mailsTo(kit, paid, subject)).toEqual([]);
  });
});
