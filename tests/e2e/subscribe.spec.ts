import type { Page, WebSocket } from '@playwright/test';
import { expect, test } from './fixtures';
import { createAccount, signIn, uniqueEmail } from './support/accounts';
import { payPalStandInUrl } from './support/e2e-port';

// The E2E server's PAYPAL_SDK_URL is the stand-in's JS SDK (playwright.config.ts): a real button in the page
// that walks createSubscription → approval at the stand-in → onApprove.
const standIn = payPalStandInUrl();
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
  await expect(confirmation).toContainText('the end of the period you have already paid for');
  await confirmation.getByRole('button', { name: 'Yes, cancel my subscription' }).click();
  await expect(section).toContainText(
    'Your subscription is cancelled and PayPal will not charge you again. You keep access until',
  );
  await expect(section).toContainText('Cancelled');
  await expect(section.getByRole('button', { name: 'Cancel subscription' })).toHaveCount(0);
});
