import type { Locator, Page, WebSocket } from '@playwright/test';
import { expect, test } from './fixtures';
import { createAccount, signIn, uniqueEmail } from './support/accounts';
import { expectNoSeriousA11yViolationsLightAndDark, expectNoSidewaysScroll } from './support/axe';
import { atPayPal, standInUrl as standIn, subscribeOnPricing } from './support/subscriptions';

// The E2E server's PAYPAL_SDK_URL is the stand-in's JS SDK (playwright.config.ts): a real button in the page
// that walks createSubscription → approval at the stand-in → onApprove.
const SDK_PATH = '/sdk/js';

/** Every request the page makes for PayPal's SDK script. */
function sdkRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === SDK_PATH) seen.push(request.url());
  });
  return seen;
}

/** Resolves once the page's push connection has its AccountChannel subscription confirmed. */
function pushConnected(page: Page): Promise<WebSocket> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      socket.on('framereceived', ({ payload }) => {
        if (String(payload).includes('confirm_subscription')) resolve(socket);
      });
    });
  });
}

async function signInAt(page: Page, path: string, email: string) {
  await page.goto(path);
  await signIn(page, email);
  await expect(page).toHaveURL(path);
}

const subscriptionSection = (page: Page) => page.getByRole('region', { name: 'Your subscription' });

test('subscribes on /pricing through PayPal, and the open account page follows live', async ({
  page,
  context,
  baseURL,
}) => {
  const email = uniqueEmail('subscribe');
  await createAccount(baseURL!, email);
  const accountRequests = sdkRequests(page);
  const connected = pushConnected(page);
  await signInAt(page, '/account/billing', email);
  await connected;
  await expect(subscriptionSection(page)).toContainText('You have no subscription.');

  // A second tab of the same browser, signed in too, on the pricing page.
  const pricing = await context.newPage();
  const pricingRequests = sdkRequests(pricing);
  await pricing.goto('/pricing');
  const weekly = pricing.getByRole('listitem', { name: 'Weekly' });
  await weekly.getByRole('button', { name: 'Subscribe with PayPal' }).click();
  await expect(pricing.getByText('Thank you! Your subscription is active.')).toBeVisible();
  await expect(weekly).toContainText('Your plan');
  await expect(pricing.getByRole('button', { name: 'Subscribe with PayPal' })).toHaveCount(0);
  expect(pricingRequests).toHaveLength(1);
  const sdk = new URL(pricingRequests[0]!);
  expect(sdk.origin).toBe(standIn);
  expect([...sdk.searchParams.keys()]).toEqual(['client-id', 'vault', 'intent']);
  expect(sdk.searchParams.get('client-id')).not.toBe('');
  expect(sdk.searchParams.get('vault')).toBe('true');
  expect(sdk.searchParams.get('intent')).toBe('subscription');

  // The account page, never reloaded, shows it from the push.
  await expect(subscriptionSection(page)).toContainText('Weekly');
  await expect(subscriptionSection(page)).toContainText('Active');
  await expect(subscriptionSection(page)).toContainText('Next payment:');
  expect(accountRequests).toEqual([]);
});

test('requests the SDK only when /pricing shows: by an in-app link and by a full load, never elsewhere', async ({
  page,
  baseURL,
  request,
}) => {
  const prerendered = await (await request.get('/pricing')).text();
  expect(prerendered).toContain('data-prerendered');
  expect(prerendered).not.toMatch(/<script[^>]*sdk\/js/);

  const email = uniqueEmail('sdk-only-pricing');
  await createAccount(baseURL!, email);
  const requests = sdkRequests(page);
  await signInAt(page, '/account/billing', email);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Welcome !' })).toBeVisible();
  expect(requests).toEqual([]);

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Pricing', exact: true })
    .click();
  await expect(page.getByRole('button', { name: 'Subscribe with PayPal' })).toHaveCount(3);
  expect(requests).toHaveLength(1);

  await page.goto('/pricing');
  await expect(page.getByRole('button', { name: 'Subscribe with PayPal' })).toHaveCount(3);
  expect(requests).toHaveLength(2);
});

test('cancels from /account after a confirmation that says until when access lasts', async ({
  page,
  baseURL,
}) => {
  const email = uniqueEmail('cancel');
  await createAccount(baseURL!, email);
  await signInAt(page, '/account/billing', email);
  await page.goto('/pricing');
  await page
    .getByRole('listitem', { name: 'Monthly' })
    .getByRole('button', { name: 'Subscribe with PayPal' })
    .click();
  await expect(page.getByText('Thank you! Your subscription is active.')).toBeVisible();

  await page
    .getByRole('listitem', { name: 'Monthly' })
    .getByRole('link', { name: 'Manage it on your account page' })
    .click();
  await expect(page).toHaveURL('/account/billing');
  const section = subscriptionSection(page);
  await section.getByRole('button', { name: 'Cancel subscription' }).click();
  const confirmation = section.getByRole('group', { name: 'Cancel your subscription' });
  await expect(confirmation).toContainText(
    'If you cancel, PayPal will not charge you again. You keep access until',
  );
  // The stand-in's monthly plan starts with a free trial: nothing regular is paid yet.
  await expect(confirmation).toContainText('the end of your trial');
  await confirmation.getByRole('button', { name: 'Yes, cancel my subscription' }).click();
  await expect(section.getByRole('status')).toHaveText('Your subscription is cancelled.');
  await expect(section).toContainText('Cancelled');
  await expect(section.getByRole('button', { name: 'Cancel subscription' })).toHaveCount(0);
});

/** Every date the section writes ("5 March 2027"), in order. */
const datesIn = async (section: Locator) =>
  ((await section.textContent()) ?? '').match(/\b\d{1,2} [A-Z][a-z]+ \d{4}\b/g) ?? [];

// The subscription's states in words that never contradict each other (issue #27, decision 167), made for
// real: PayPal suspends it at the stand-in and the webhook reaches the app; the subscriber cancels it.
for (const width of [390, 1280])
  test.describe(`the subscription's words at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('suspended: access until the end of the grace days, and no next payment beside it', async ({
      page,
      baseURL,
    }) => {
      const email = uniqueEmail(`suspended-${width}`);
      await createAccount(baseURL!, email);
      await signInAt(page, '/account/billing', email);
      const id = await subscribeOnPricing(page, baseURL!, 'Monthly');
      await page.goto('/account/billing');
      const section = subscriptionSection(page);
      await expect(section).toContainText('Next payment:');

      await atPayPal(id, 'suspend');
      await expect(section).toContainText('Suspended by PayPal');
      await expect(section).toContainText(
        /PayPal has stopped taking payments for it\. You have access until \d{1,2} [A-Z][a-z]+ \d{4}\./,
      );
      await expect(section).not.toContainText('Next payment');
      await expect(section).not.toContainText('Paused');
      await expect(section).not.toContainText('try again');
      expect(await datesIn(section)).toHaveLength(1);
      await expectNoSidewaysScroll(page, `suspended at ${width} px`);
      await expectNoSeriousA11yViolationsLightAndDark(page, `/account/billing, suspended, at ${width} px`);
    });

    test('cancelled: one sentence with the end date, said once', async ({ page, baseURL }) => {
      const email = uniqueEmail(`cancelled-${width}`);
      await createAccount(baseURL!, email);
      await signInAt(page, '/account/billing', email);
      await subscribeOnPricing(page, baseURL!, 'Weekly');
      await page.goto('/account/billing');
      const section = subscriptionSection(page);
      await expect(section).toContainText(/Next payment: \d/);
      const [nextPayment] = await datesIn(section);
      expect(nextPayment).toBeDefined();
      await section.getByRole('button', { name: 'Cancel subscription' }).click();
      await section.getByRole('button', { name: 'Yes, cancel my subscription' }).click();
      await expect(section.getByRole('status')).toHaveText('Your subscription is cancelled.');
      await expect(section).toContainText(
        `You have access until ${nextPayment}, and PayPal will not charge you again.`,
      );
      expect(await datesIn(section)).toEqual([nextPayment]);
      await expect(section).not.toContainText('Next payment');

      // The same words after a reload, from the server's state alone.
      await page.reload();
      await expect(section).toContainText(
        `You have access until ${nextPayment}, and PayPal will not charge you again.`,
      );
      expect(await datesIn(section)).toEqual([nextPayment]);
      await expectNoSeriousA11yViolationsLightAndDark(page, `/account/billing, cancelled, at ${width} px`);
    });
  });
