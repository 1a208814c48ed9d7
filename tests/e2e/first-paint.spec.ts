import { expect, test } from './fixtures';

// The public pages arrive prerendered (scripts/prerender-web.mjs), so they show before the script runs.
const PAGES = [
  { path: '/', heading: 'Welcome !' },
  { path: '/login', heading: 'Sign in' },
  { path: '/pricing', heading: 'Pricing' },
  { path: '/delete-account', heading: 'Delete your account' },
];

test.describe('before the script runs', () => {
  test.use({ javaScriptEnabled: false });

  for (const { path, heading } of PAGES) {
    test(`${path} shows its page, with the app's name, from the HTML alone`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
      const toolbar = page.getByRole('navigation', { name: 'Main' });
      await expect(toolbar.getByRole('link', { name: 'BullApp home' })).toBeVisible();
      await expect(toolbar.getByText('BullApp', { exact: true })).toBeVisible();
    });
  }

  test('the delete-account form waits, disabled, for the script: nothing typed there is lost', async ({
    page,
  }) => {
    await page.goto('/delete-account');
    await expect(page.getByText('Please enter the password to confirm')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Username' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Delete Account' })).toBeDisabled();
  });

  test('links of a prerendered page work as plain links', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Pricing' }).click();
    await expect(page).toHaveURL('/pricing');
    await expect(page.getByRole('heading', { name: 'Pricing' })).toBeVisible();
  });
});

test.describe('once the script runs', () => {
  for (const { path, heading } of PAGES) {
    test(`${path} is the app's own page, once, with no console error`, async ({ page }) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      await page.goto(path);
      await expect(page.locator('fieldset[data-prerendered]')).toHaveCount(0);
      await expect(page.getByRole('heading', { name: heading })).toHaveCount(1);
      expect(errors).toEqual([]);
    });
  }

  test('the delete-account form takes input', async ({ page }) => {
    await page.goto('/delete-account');
    const username = page.getByRole('textbox', { name: 'Username' });
    await username.fill('someone@example.com');
    await expect(username).toBeEnabled();
    await expect(username).toHaveValue('someone@example.com');
  });
});
