import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  createAccount,
  PASSWORD,
  signInFromLogin,
  storedUser,
  tokenWorks,
  uniqueEmail,
} from './support/accounts';

const EXPLANATION =
  "Please enter the password to confirm that you want to delete the account. This action is irreversible!!! You can find the password by pressing the '?' symbol in the app.";
const FAILED = 'Your account could not be deleted. Please contact support at: ';
const SERVER_SUPPORT = 'support@example.com'; // SUPPORT_EMAIL of the server under test (its default)
const DELETE_CALL = '**/api/v1/delete_user_with_token';

async function fill(page: Page, username: string, password: string) {
  await page.getByPlaceholder('Username').fill(username);
  await page.getByPlaceholder('Password').fill(password);
}
const press = (page: Page) => page.getByRole('button', { name: 'Delete Account' }).click();

/**
 * Serves the real page with another support address in its <meta>, as a page cached from before the operator
 * changed SUPPORT_EMAIL would be: then the reply's address and the page's default can be told apart.
 */
async function withPageDefault(page: Page, address: string) {
  await page.route('**/delete-account', async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(
      /<meta name="support-email" content="[^"]*"/,
      `<meta name="support-email" content="${address}"`,
    );
    await route.fulfill({ response, body: html });
  });
}

test.describe('the delete-account screen', () => {
  test('shows exactly what DESIGN section 6 says', async ({ page }) => {
    await page.goto('/delete-account');
    await expect(page.getByRole('heading', { name: 'Delete your account' })).toBeVisible();
    const username = page.getByLabel('Username');
    await expect(username).toHaveAttribute('type', 'email');
    await expect(username).toHaveAttribute('placeholder', 'Username');
    await expect(page.getByLabel('Password')).toHaveAttribute('placeholder', 'Password');
    await expect(page.getByText(EXPLANATION, { exact: true })).toBeVisible();
    const button = page.getByRole('button', { name: 'Delete Account' });
    await expect(button).toHaveCSS('background-color', /^(rgb\(193, 0, 7\)|oklch\(0\.505 0\.213 27\.518\))$/);
    await expect(page.getByRole('progressbar')).toHaveCount(0);
  });

  test('an empty password asks for it and makes no call', async ({ page }) => {
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/')) calls.push(request.url());
    });
    await page.goto('/delete-account');
    await fill(page, 'someone@example.com', '');
    await press(page);
    await expect(page.getByRole('alert')).toHaveText('Please enter the password.');
    await expect(page.getByRole('alert')).toBeFocused();
    expect(calls).toEqual([]);
  });

  test("a wrong password is refused with the server's support address replacing the page's default", async ({
    page,
    baseURL,
  }) => {
    const email = uniqueEmail('wrong');
    const { auth_token: token } = await createAccount(baseURL!, email);
    await withPageDefault(page, 'page-default@example.org');
    await page.goto('/delete-account');
    await fill(page, email, 'not the password');
    await press(page);
    const alert = page.getByRole('alert');
    await expect(alert).toHaveText(`${FAILED}${SERVER_SUPPORT}`);
    await expect(alert.getByRole('link', { name: SERVER_SUPPORT })).toHaveAttribute(
      'href',
      `mailto:${SERVER_SUPPORT}`,
    );
    await expect(alert).toBeFocused();
    expect(await tokenWorks(baseURL!, token)).toBe(true);
  });

  test("a transport error shows the page's support address", async ({ page }) => {
    await withPageDefault(page, 'page-default@example.org');
    await page.route(DELETE_CALL, (route) => route.abort('connectionreset'));
    await page.goto('/delete-account');
    await fill(page, 'someone@example.com', 'whatever it is');
    await press(page);
    const alert = page.getByRole('alert');
    await expect(alert).toHaveText(`${FAILED}page-default@example.org`);
    await expect(alert.getByRole('link')).toHaveAttribute('href', 'mailto:page-default@example.org');
  });

  test('shows the indeterminate progress bar while waiting, then deletes and clears both fields', async ({
    page,
    baseURL,
  }) => {
    const email = uniqueEmail('delete');
    const { auth_token: token } = await createAccount(baseURL!, email);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(DELETE_CALL, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/delete-account');
    await fill(page, email, PASSWORD);
    await press(page);
    const bar = page.getByRole('progressbar');
    await expect(bar).toBeVisible();
    await expect(bar).not.toHaveAttribute('aria-valuenow');
    await expect(page.getByRole('alert')).toHaveCount(0);
    release();

    const done = page.getByRole('status').filter({ hasText: 'Your account has been deleted.' });
    await expect(done).toHaveText('Your account has been deleted.');
    await expect(done).toBeFocused();
    await expect(bar).toHaveCount(0);
    await expect(page.getByLabel('Username')).toHaveValue('');
    await expect(page.getByLabel('Password')).toHaveValue('');
    expect(await tokenWorks(baseURL!, token)).toBe(false);

    // The account is gone: the same details are now refused.
    await fill(page, email, PASSWORD);
    await press(page);
    await expect(page.getByRole('alert')).toHaveText(`${FAILED}${SERVER_SUPPORT}`);
  });

  test('deleting the account signed in here also signs this page out', async ({ page, baseURL }) => {
    const email = uniqueEmail('self');
    await createAccount(baseURL!, email);
    await signInFromLogin(page, email);
    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Your data' }).click();
    await page.getByRole('link', { name: 'Delete your account' }).click();
    await fill(page, email, PASSWORD);
    await press(page);
    await expect(
      page.getByRole('status').filter({ hasText: 'Your account has been deleted.' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Logout' })).toHaveCount(0);
    expect(await storedUser(page)).toBeNull();
  });
});
