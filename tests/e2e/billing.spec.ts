import type { Locator, Page } from '@playwright/test';
import type { TransactionsReply } from '../../contract/billing';
import { expect, test } from './fixtures';
import { openAccount } from './support/account-page';
import { createAccount, storedUser, uniqueEmail } from './support/accounts';
import { expectNoSeriousA11yViolationsLightAndDark, expectNoSidewaysScroll } from './support/axe';
import { smtpSinkUrls } from './support/smtp-sink-ports';
import { atPayPal, standInUrl, subscribeOnPricing } from './support/subscriptions';

// DESIGN 15 in a real Chromium against the real server, with the PayPal stand-in on PayPal's side: its JS SDK
// for the subscribe step, its revise approval page for the plan change, its ledger for the history, and its
// signed webhooks (PAYMENT.SALE.COMPLETED, BILLING.SUBSCRIPTION.UPDATED) reaching the app; mail through a real
// SMTP server. The stand-in's weekly plan starts with a €1.00 first week, the two-day plan has no trial.

const subscriptionSection = (page: Page) => page.getByRole('region', { name: 'Your subscription' });
const planRow = (page: Page) => page.getByRole('region', { name: 'Plan', exact: true });
const history = (page: Page) => page.getByRole('region', { name: 'Payment history' });
const payments = (page: Page) => history(page).getByRole('list', { name: 'Payments' }).getByRole('listitem');

/** The account's payments as the API gives them, newest first. */
async function transactionsOf(page: Page, baseURL: string) {
  const token = (await storedUser(page))?.auth_token ?? '';
  const reply = await fetch(`${baseURL}/api/v1/billing/transactions`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(reply.status, await reply.clone().text()).toBe(200);
  return ((await reply.json()) as TransactionsReply).transactions;
}

/** Opens 'Change plan' and asks for `plan`: the page leaves for the stand-in's approval page. */
async function askForPlan(page: Page, plan: string) {
  await planRow(page).getByRole('button', { name: 'Change plan' }).click();
  const form = planRow(page).getByRole('group', { name: 'Change your plan' });
  await expect(form).toContainText('Nothing is prorated');
  await form.getByRole('button', { name: `Change to ${plan}` }).click();
  await page.waitForURL(`${standInUrl}/webapps/billing/subscriptions/update**`);
  await expect(page.getByRole('heading', { name: 'Change your plan' })).toBeVisible();
}

/** How many receipt mails the SMTP server has received for `to`. */
async function receiptMails(to: string): Promise<number> {
  const reply = await fetch(`${smtpSinkUrls().readerUrl}/messages?to=${encodeURIComponent(to)}`);
  const messages = (await reply.json()) as { subject: string }[];
  return messages.filter((mail) => /receipt/i.test(mail.subject)).length;
}

const dayPattern = /\d{1,2} [A-Z][a-z]+ \d{4}/;

async function itemTexts(items: Locator) {
  return (await items.allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());
}

test('subscribes with the trial, changes plan through PayPal, sees the history grow after a payment and opens its receipt', async ({
  page,
  baseURL,
}) => {
  // Subscribing, approving at the stand-in, the webhooks and the mails: more than one page's 30 s under load.
  test.slow();
  const email = uniqueEmail('billing');
  await createAccount(baseURL!, email);
  await openAccount(page, email, '/account/billing');
  await expect(history(page)).toContainText('No payments yet.');

  // The subscribe step says the trial before the button.
  await page.goto('/pricing');
  await expect(page.getByRole('listitem', { name: 'Weekly' })).toContainText(
    'You start with the trial: €1.00 for the first week. PayPal then charges €4.75 per week.',
  );
  const id = await subscribeOnPricing(page, baseURL!, 'Weekly');

  await page.goto('/account/billing');
  const section = subscriptionSection(page);
  await expect(section).toContainText('Weekly');
  await expect(section).toContainText('Active');
  await expect(section).toContainText(/Next payment: \d{1,2} [A-Z][a-z]+ \d{4}, when your trial ends\./);
  // The trial's first week, paid at approval.
  await expect(payments(page)).toHaveCount(1);
  await expect(payments(page).first()).toContainText('€1.00');
  await expect(payments(page).first()).toContainText('Weekly · Paid');

  // Change plan: what happens is said before the step, then PayPal's approval page, then back.
  await expect(planRow(page)).toContainText('Weekly: €4.75 per week.');
  await planRow(page).getByRole('button', { name: 'Change plan' }).click();
  const form = planRow(page).getByRole('group', { name: 'Change your plan' });
  await expect(form).toContainText(
    /^The new price starts at your next payment on \d{1,2} [A-Z][a-z]+ \d{4}\. Nothing is prorated: until then you keep Weekly as it is, and PayPal charges no difference\. PayPal asks you to approve the change\./,
  );
  await expect(form.getByRole('listitem', { name: 'Monthly' })).toContainText('Monthly: €12.50 per month');
  await expect(form.getByRole('listitem', { name: 'Two-day' })).toContainText('Two-day: €1.90 every 2 days');
  await expectNoSeriousA11yViolationsLightAndDark(page, "/account/billing with 'Change plan' open");
  await form.getByRole('button', { name: 'Change to Monthly' }).click();
  await page.waitForURL(`${standInUrl}/webapps/billing/subscriptions/update**`);
  await page.getByRole('button', { name: 'Agree & Update' }).click();
  await page.waitForURL(/\/account\/billing\?plan_change=approved&/);
  // BILLING.SUBSCRIPTION.UPDATED reached the app, which read the subscription fresh from PayPal: the page
  // that waited for it says the change is in place.
  await expect(page.getByRole('status').filter({ hasText: 'Your plan is now Monthly.' })).toHaveText(
    /^Your plan is now Monthly\. Its price starts at your next payment on \d{1,2} [A-Z][a-z]+ \d{4}\.$/,
  );
  await expect(page.getByRole('progressbar', { name: /^Waiting for PayPal/ })).toHaveCount(0);
  await expect(section.getByText('Monthly', { exact: true })).toBeVisible();
  await expect(planRow(page)).toContainText('Monthly: €12.50 per month.');

  // A renewal at PayPal: its signed PAYMENT.SALE.COMPLETED reaches the app, the open page's history grows.
  await atPayPal(id, 'pay-renewal');
  await expect(payments(page)).toHaveCount(2);
  const [newest] = await transactionsOf(page, baseURL!);
  expect(newest?.amount).toEqual({ currency_code: 'EUR', value: '12.50' });
  const texts = await itemTexts(payments(page));
  expect(texts[0]).toMatch(new RegExp(`^${dayPattern.source} €12\\.50 Monthly · Paid Receipt$`));
  expect(texts[1]).toMatch(new RegExp(`^${dayPattern.source} €1\\.00 \\w+ · Paid Receipt$`));
  // A receipt mail for each payment: the trial's first week and the renewal.
  await expect.poll(() => receiptMails(email), { timeout: 10_000 }).toBe(2);

  // The receipt, in a tab of its own.
  const day = dayPattern.exec(texts[0]!)?.[0];
  const popup = page.waitForEvent('popup');
  await payments(page)
    .first()
    .getByRole('button', { name: `Receipt of ${day}, €12.50` })
    .click();
  const receipt = await popup;
  await receipt.waitForLoadState();
  expect(new URL(receipt.url()).pathname).toBe(`/billing/receipts/${newest!.id}`);
  const body = receipt.locator('body');
  await expect(body).toContainText(email);
  await expect(body).toContainText(newest!.id);
  await expect(body).toContainText('12.50 EUR');
  await expect(body).toContainText('Monthly plan');
  await expect(payments(page).first().getByRole('status')).toHaveText(
    'The receipt opened in a new tab, where you can print it or save it.',
  );
  // The address worked once: opened again, it no longer shows the receipt.
  const again = await receipt.context().newPage();
  const second = await again.goto(receipt.url());
  expect(second?.status()).not.toBe(200);

  await expectNoSeriousA11yViolationsLightAndDark(page, '/account/billing with a history');
});

for (const width of [390, 1280])
  test(`leaves the plan as it was when the change is not approved at PayPal, at ${width} px`, async ({
    page,
    baseURL,
  }) => {
    test.slow();
    await page.setViewportSize({ width, height: 900 });
    const email = uniqueEmail(`billing-back-${width}`);
    await createAccount(baseURL!, email);
    await openAccount(page, email, '/account/billing');
    await subscribeOnPricing(page, baseURL!, 'Two-day');
    await page.goto('/account/billing');
    await expect(planRow(page)).toContainText('Two-day: €1.90 every 2 days.');
    await expect(payments(page)).toHaveCount(1);
    await expectNoSidewaysScroll(page, `/account/billing at ${width} px`);

    await askForPlan(page, 'Weekly');
    await page.getByRole('button', { name: 'Cancel and return' }).click();
    await page.waitForURL(/\/account\/billing\?plan_change=cancelled&/);
    await expect(
      page.getByText(
        'You left PayPal without approving, so your plan has not changed and nothing more is charged.',
      ),
    ).toBeVisible();
    await expect(planRow(page)).toContainText('Two-day: €1.90 every 2 days.');
    await expect(subscriptionSection(page).getByText('Two-day', { exact: true })).toBeVisible();
    await expectNoSidewaysScroll(page, `/account/billing back from PayPal at ${width} px`);
    await expectNoSeriousA11yViolationsLightAndDark(page, `/account/billing back from PayPal at ${width} px`);
  });

test('a full refund at PayPal ends access on the open page, and the history says the payment was refunded', async ({
  page,
  baseURL,
}) => {
  test.slow();
  const email = uniqueEmail('billing-refund');
  await createAccount(baseURL!, email);
  await openAccount(page, email, '/account/billing');
  const id = await subscribeOnPricing(page, baseURL!, 'Two-day');
  await page.goto('/account/billing');
  await expect(payments(page)).toHaveCount(1);
  await expect(payments(page).first()).toContainText('Two-day · Paid');

  await atPayPal(id, 'refund');
  // Live, from the subscription_changed push: access ends at once, and the history is read again.
  const section = subscriptionSection(page);
  await expect(section).toContainText('Your access has ended.');
  await expect(section.getByRole('button', { name: 'Cancel subscription' })).toHaveCount(0);
  await expect(planRow(page)).toHaveCount(0);
  await expect(payments(page).first()).toContainText('Two-day · Refunded');
  await expect(
    payments(page)
      .first()
      .getByRole('button', { name: /^Receipt of / }),
  ).toBeVisible();
});
