import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures';
import { createAccount, signIn, signInFromLogin, uniqueEmail } from './support/accounts';
import { expectNoSeriousA11yViolationsLightAndDark, expectNoSidewaysScroll } from './support/axe';
import { subscribeOnPricing } from './support/subscriptions';

// Issue #27, "what is sold" (DESIGN 6 and 15): home says APP_DESCRIPTION with buttons on; /pricing shows
// PayPal's plans (the stand-in's euro plans, with descriptions and trials) side by side from 1024 px, one
// recommended, each with 'Sign in to subscribe'; a subscriber finds the plan in the toolbar's account menu.
const APP_DESCRIPTION = 'One account for all your devices, with a plan for as long as you need it.';
const PLANS = ['Monthly', 'Weekly', 'Two-day'];

/** A link drawn as a button: an edge and a fill, not a word in a sentence. */
async function expectButtonLook(link: Locator) {
  await expect(link).toBeVisible();
  await expect(link).not.toHaveCSS('border-top-width', '0px');
  await expect(link).not.toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
  await expect(link).toHaveCSS('text-decoration-line', 'none');
}

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('home says what is sold, with buttons to sign up and to see the plans', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1, name: 'Welcome !' })).toBeVisible();
      const main = page.getByRole('main');
      await expect(main.getByText('BullApp', { exact: true })).toBeVisible();
      await expect(main.getByText(APP_DESCRIPTION, { exact: true })).toBeVisible();
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', APP_DESCRIPTION);
      const signUp = main.getByRole('link', { name: 'Create an account' });
      const plans = main.getByRole('link', { name: 'See the plans' });
      await expectButtonLook(signUp);
      await expectButtonLook(plans);
      await expectNoSidewaysScroll(page, `/ at ${width} px`);
      await expectNoSeriousA11yViolationsLightAndDark(page, `/ at ${width} px`);

      await plans.click();
      await expect(page).toHaveURL('/pricing');
      await page.goBack();
      await main.getByRole('link', { name: 'Create an account' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
    });

    test(`pricing shows PayPal's plans ${width >= 1024 ? 'side by side' : 'one under another'}, one recommended, each with 'Sign in to subscribe'`, async ({
      page,
      baseURL,
    }) => {
      await page.goto('/pricing');
      const list = page.getByRole('list', { name: 'Plans' });
      const cards = PLANS.map((name) => list.getByRole('listitem', { name }));
      await expect(cards[0]!).toContainText('€12.50');

      const boxes = await Promise.all(cards.map((card) => card.boundingBox()));
      for (let index = 1; index < boxes.length; index += 1) {
        const [before, box] = [boxes[index - 1]!, boxes[index]!];
        if (width >= 1024) {
          expect(Math.abs(box.y - before.y), 'cards side by side share a top').toBeLessThanOrEqual(1);
          expect(box.x, 'each card right of the one before').toBeGreaterThanOrEqual(before.x + before.width);
        } else {
          expect(box.x, 'stacked cards share a left edge').toBe(before.x);
          expect(box.y, 'each card under the one before').toBeGreaterThanOrEqual(before.y + before.height);
        }
      }

      const [monthly, weekly, twoDay] = cards as [Locator, Locator, Locator];
      await expect(monthly.getByText('Recommended', { exact: true })).toBeVisible();
      await expect(page.getByText('Recommended', { exact: true })).toHaveCount(1);
      await expect(monthly).toContainText('per month');
      await expect(monthly).toContainText('Everything, billed once a month: the best value.');
      await expect(monthly).toContainText('Free for the first 14 days.');
      await expect(weekly).toContainText('€1.00 for the first week.');
      await expect(weekly).toContainText('Everything, week by week. Stop whenever you like.');
      await expect(twoDay).toContainText('every 2 days');
      await expect(twoDay).not.toContainText('for the first');
      for (const card of cards)
        await expectButtonLook(card.getByRole('link', { name: /^Sign in to subscribe/ }));
      await expectNoSidewaysScroll(page, `/pricing at ${width} px`);
      await expectNoSeriousA11yViolationsLightAndDark(page, `/pricing at ${width} px`);

      // The card's button signs in and comes back to the plans.
      const email = uniqueEmail(`pricing-${width}`);
      await createAccount(baseURL!, email);
      await weekly.getByRole('link', { name: /^Sign in to subscribe/ }).click();
      await expect(page).toHaveURL('/login');
      await signIn(page, email);
      await expect(page).toHaveURL('/pricing');
      await expect(weekly.getByRole('button', { name: 'Subscribe with PayPal' })).toBeVisible();
    });

    test("a subscriber finds the plan in the toolbar's account menu, and 'Your plan' leads to /account/billing", async ({
      page,
      baseURL,
    }) => {
      const email = uniqueEmail(`menu-${width}`);
      await createAccount(baseURL!, email);
      await signInFromLogin(page, email);
      const toolbar = page.getByRole('navigation', { name: 'Main' });
      const menuButton = toolbar.getByRole('button', { name: `Your account: ${email}` });
      await menuButton.click();
      await expect(page.getByText(/^No plan yet\./)).toBeVisible();
      await expect(page.getByRole('link', { name: 'See the plans' })).toHaveAttribute('href', '/pricing');
      await page.keyboard.press('Escape');
      await expect(menuButton).toHaveAttribute('aria-expanded', 'false');

      await subscribeOnPricing(page, baseURL!, 'Weekly');
      await menuButton.click();
      await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
      const yourPlan = page.getByRole('link', { name: 'Your plan: Weekly' });
      await expect(yourPlan).toBeVisible();
      const panel = await yourPlan.locator('xpath=ancestor::*[@id][1]').boundingBox();
      expect(panel!.x, 'the menu starts on the screen').toBeGreaterThanOrEqual(0);
      expect(panel!.x + panel!.width, 'and ends on it').toBeLessThanOrEqual(width);
      await expectNoSidewaysScroll(page, `the account menu at ${width} px`);
      await expectNoSeriousA11yViolationsLightAndDark(page, `the account menu at ${width} px`);

      await yourPlan.click();
      await expect(page).toHaveURL('/account/billing');
      await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeFocused();
      await expect(page.getByRole('region', { name: 'Your subscription' })).toContainText('Weekly');
      await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    });
  });
}
