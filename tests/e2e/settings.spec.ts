import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createAccount, PASSWORD, signInFromLogin, uniqueEmail } from './support/accounts';
import { expectNoSeriousA11yViolations, expectNoSidewaysScroll } from './support/axe';

// DESIGN section 6: the settings area, a page per subject, each setting a row that opens its form only when
// acted on, so no page shows more than one password field at a time.
const SETTINGS_PAGES = [
  { path: '/account', heading: 'Your account', link: 'Profile' },
  { path: '/account/security', heading: 'Security', link: 'Security' },
  { path: '/account/devices', heading: 'Devices', link: 'Devices' },
  { path: '/account/billing', heading: 'Billing', link: 'Billing' },
  { path: '/account/data', heading: 'Your data', link: 'Your data' },
];

const visiblePasswordFields = (page: Page) => page.locator('main input[type="password"]:visible').count();

/** Opens each row of the page in turn and closes it again, checking what the page shows meanwhile. */
async function openAndCloseEachRow(page: Page, path: string) {
  const actions = page.locator('main button[aria-expanded="false"]');
  const count = await actions.count();
  for (let index = 0; index < count; index += 1) {
    const action = actions.nth(index);
    const name = (await action.innerText()).trim();
    const title = await action.locator('xpath=ancestor::section[1]//h2').first().innerText();
    const row = page.getByRole('region', { name: title, exact: true });
    await action.click();
    const close = row.getByRole('button', { name: /^(Cancel|Close|Keep it on)$/ });
    await expect(close, `${path}: '${name}' opens its form`).toBeVisible();
    expect(await visiblePasswordFields(page), `${path} with '${name}' open`).toBeLessThanOrEqual(1);
    await expectNoSeriousA11yViolations(page, `${path} with '${name}' open`);
    await close.click();
    await expect(row.getByRole('button', { name, exact: true }), `${path}: '${name}' closes`).toBeFocused();
  }
  return count;
}

for (const width of [390, 1280]) {
  test.describe(`the settings area at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('each page: its heading, its navigation, closed rows that open and close, one password field at most, nothing serious for axe', async ({
      page,
      baseURL,
    }) => {
      // Five pages and every row opened, each state checked by axe: longer than one page's test.
      test.slow();
      const email = uniqueEmail(`settings-${width}`);
      await createAccount(baseURL!, email);
      await signInFromLogin(page, email);
      let rows = 0;
      for (const { path, heading, link } of SETTINGS_PAGES) {
        const nav = page.getByRole('navigation', { name: 'Settings' });
        if (width < 768 && path !== '/account') {
          // A phone: the list on /account opens each page, and each page leads back to it.
          await page
            .getByRole('link', { name: '‹ All settings' })
            .or(nav.getByRole('link', { name: 'Profile' }))
            .first()
            .click();
          await expect(page).toHaveURL('/account');
        }
        await nav.getByRole('link', { name: link }).click();
        await expect(page).toHaveURL(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        if (width < 768 && path !== '/account') {
          await expect(nav).toBeHidden();
          await expect(page.getByRole('link', { name: '‹ All settings' })).toBeVisible();
        } else {
          await expect(nav.getByRole('link', { name: link })).toHaveAttribute('aria-current', 'page');
        }
        expect(await visiblePasswordFields(page), `${path} as it opens`).toBe(0);
        await expectNoSeriousA11yViolations(page, `${path} at ${width} px`);
        await expectNoSidewaysScroll(page, `${path} at ${width} px`);
        rows += await openAndCloseEachRow(page, path);
      }
      // Profile's e-mail, Security's password, two-step, passkeys and connected accounts, Devices' QR code.
      expect(rows).toBe(6);
    });

    test('changes the password with the keyboard alone', async ({ page, baseURL }) => {
      const email = uniqueEmail(`settings-keys-${width}`);
      await createAccount(baseURL!, email);
      await signInFromLogin(page, email);
      await page.goto('/account/security');
      const action = page.getByRole('button', { name: 'Change password' });
      await expect(action).toBeVisible();
      for (
        let presses = 0;
        presses < 30 && !(await action.evaluate((el) => el === document.activeElement));
        presses += 1
      )
        await page.keyboard.press('Tab');
      await expect(action).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page.getByLabel('Current password')).toBeFocused();
      await page.keyboard.type(PASSWORD);
      await page.keyboard.press('Enter');
      await expect(page.getByLabel('New password', { exact: true })).toBeFocused();
      await page.keyboard.type('a keyboard only meadow');
      await page.keyboard.press('Enter');
      await expect(
        page.getByRole('status').filter({ hasText: 'Your password has been changed.' }),
      ).toBeFocused();
    });

    test('the anchors of the one-page account lead to their pages', async ({ page, baseURL }) => {
      const email = uniqueEmail(`settings-anchors-${width}`);
      await createAccount(baseURL!, email);
      await signInFromLogin(page, email);
      for (const [hash, path] of [
        ['#subscription', '/account/billing'],
        ['#security', '/account/security'],
        ['#devices', '/account/devices'],
        ['#data', '/account/data'],
      ]) {
        await page.goto(`/account${hash}`);
        await expect(page).toHaveURL(path!);
      }
    });
  });
}
