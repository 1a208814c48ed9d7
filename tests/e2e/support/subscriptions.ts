import { expect, type Page } from '@playwright/test';
import type { CurrentSubscriptionReply } from '../../../contract/subscriptions';
import { storedUser } from './accounts';
import { payPalStandInUrl } from './e2e-port';

/** The PayPal stand-in the E2E server talks to (playwright.config.ts). */
export const standInUrl = payPalStandInUrl();

/**
 * Subscribes the page's signed-in account to `plan` on /pricing, through the SDK stand-in's button, and
 * answers the subscription's PayPal id (read back over the API as any client would).
 */
export async function subscribeOnPricing(page: Page, baseURL: string, plan: string): Promise<string> {
  await page.goto('/pricing');
  await page
    .getByRole('listitem', { name: plan })
    .getByRole('button', { name: 'Subscribe with PayPal' })
    .click();
  await expect(page.getByText('Thank you! Your subscription is active.')).toBeVisible();
  const token = (await storedUser(page))?.auth_token ?? '';
  const reply = await fetch(`${baseURL}/api/v1/subscription`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const { subscription } = (await reply.json()) as CurrentSubscriptionReply;
  expect(subscription?.status).toBe('ACTIVE');
  return subscription?.id ?? '';
}

/**
 * PayPal, on its own side, acting on a subscription: `suspend` it (as after failed payments; its webhook
 * reaches the app), `refuse-cancel` (every cancel of it fails from then on), `pay-renewal` (the next period
 * is paid, and the signed PAYMENT.SALE.COMPLETED reaches the app) or `refund` (all of its latest payment goes
 * back, and PAYMENT.SALE.REFUNDED reaches the app).
 */
export async function atPayPal(id: string, act: 'suspend' | 'refuse-cancel' | 'pay-renewal' | 'refund') {
  const reply = await fetch(`${standInUrl}/stand-in/subscriptions/${encodeURIComponent(id)}/${act}`, {
    method: 'POST',
  });
  expect(reply.status, await reply.clone().text()).toBe(200);
}
