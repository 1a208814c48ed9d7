import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';

// The app started by playwright.config.ts asks the PayPal stand-in (tests/support/paypal-plans.ts) for its
// prices: euros, where the defaults are dollars, so a euro price on the page can only have come from PayPal.
test.describe('the pricing page', () => {
  test('shows the plans PayPal priced, in its currency, reached from the toolbar', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }).click();
    await expect(page).toHaveURL('/pricing');
    await expect(page.getByRole('heading', { name: 'Pricing', level: 1 })).toBeVisible();

    const plans = page.getByRole('list', { name: 'Plans' });
    await expect(plans.getByRole('listitem')).toHaveCount(3);
    const monthly = plans.getByRole('listitem', { name: 'Monthly' });
    await expect(monthly).toContainText('€12.50');
    await expect(monthly).toContainText('per month');
    const weekly = plans.getByRole('listitem', { name: 'Weekly' });
    await expect(weekly).toContainText('€4.75');
    await expect(weekly).toContainText('per week');
    const twoDay = plans.getByRole('listitem', { name: 'Two-day' });
    await expect(twoDay).toContainText('€1.90');
    await expect(twoDay).toContainText('every 2 days');
    await expect(page.getByText('Prices are in Euro.', { exact: false })).toBeVisible();
    await expect(page.getByText('Sandbox', { exact: true })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('reads the same prices from the API the page uses', async ({ request }) => {
    const reply = await request.get('/api/v1/paypal_prices');
    expect(reply.status()).toBe(200);
    expect(await reply.json()).toMatchObject({
      environment: 'sandbox',
      currency: 'EUR',
      source: 'paypal',
      monthly: '12.50',
      weekly: '4.75',
      two_day: '1.90',
    });
  });

  test('fits a 320 px wide screen and has no accessibility violations', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto('/pricing');
    await expect(page.getByRole('listitem', { name: 'Monthly' })).toContainText('€12.50');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });
});
