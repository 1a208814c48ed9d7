import type { Locator, Page } from '@playwright/test';
import { DELETION_REFUSALS } from '../../contract/users';
import { expect, test } from './fixtures';
import {
  createAccount,
  PASSWORD,
  signInFromLogin,
  storedUser,
  tokenWorks,
  uniqueEmail,
} from './support/accounts';
import { expectNoSeriousA11yViolationsLightAndDark, expectNoSidewaysScroll } from './support/axe';
import { atPayPal, subscribeOnPricing } from './support/subscriptions';

const EXPLANATION =
  "Please enter the password to confirm that you want to delete the account. This action is irreversible!!! You can find the password by pressing the '?' symbol in the app.";
const FAILED = 'Your account could not be deleted. Please contact support at: ';
const SERVER_SUPPORT = 'support@example.com'; // SUPPORT_EMAIL of the server under test (its default)
const DELETE_CALL = '**/api/v1/delete_user_with_token';

/**
 * A refusal as the screen shows it: DESIGN 6's sentence to the letter, and under it, alone in its paragraph,
 * the reason the server gave (none for a lost connection).
 */
async function expectRefusal(alert: Locator, address: string, reason: string | null) {
  const paragraphs = alert.locator('p');
  await expect(paragraphs.first()).toHaveText(`${FAILED}${address}`);
  await expect(alert.getByRole('link', { name: address })).toHaveAttribute('href', `mailto:${address}`);
  if (reason === null) {
    await expect(paragraphs).toHaveCount(1);
    await expect(alert).toHaveText(`${FAILED}${address}`);
  } else {
    await expect(paragraphs).toHaveCount(2);
    await expect(paragraphs.nth(1)).toHaveText(reason);
  }
}

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
  for (const width of [390, 1280])
    test(`shows exactly what DESIGN section 6 says, at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/delete-account');
      await expect(page.getByRole('heading', { name: 'Delete your account' })).toBeVisible();
      const username = page.getByLabel('Username');
      await expect(username).toHaveAttribute('type', 'email');
      await expect(username).toHaveAttribute('placeholder', 'Username');
      await expect(page.getByLabel('Password')).toHaveAttribute('placeholder', 'Password');
      await expect(page.getByText(EXPLANATION, { exact: true })).toBeVisible();
      const button = page.getByRole('button', { name: 'Delete Account' });
      await expect(button).toHaveCSS(
        'background-color',
        /^(rgb\(193, 0, 7\)|oklch\(0\.505 0\.213 27\.518\))$/,
      );
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
    await expectRefusal(alert, SERVER_SUPPORT, DELETION_REFUSALS.invalid_credentials);
    await expect(alert).toBeFocused();
    expect(await tokenWorks(baseURL!, token)).toBe(true);
  });

  test("a transport error shows the page's support address", async ({ page }) => {
    await withPageDefault(page, 'page-default@example.org');
    await page.route(DELETE_CALL, (route) => route.abort('connectionreset'));
    await page.goto('/delete-account');
    await fill(page, 'someone@example.com', 'whatever it is');
    await press(page);
    await expectRefusal(page.getByRole('alert'), 'page-default@example.org', null);
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
    await expectRefusal(page.getByRole('alert'), SERVER_SUPPORT, DELETION_REFUSALS.invalid_credentials);
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
    await expect(page.getByRole('button', { name: 'Logout', exact: true })).toHaveCount(0);
    expect(await storedUser(page)).toBeNull();
  });
});

for (const width of [390, 1280])
  test.describe(`the delete-account screen, signed in with a subscription, at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("fills in the Username, warns of the subscription before the button, and says the server's reason for each refusal", async ({
      page,
      baseURL,
    }) => {
      const email = uniqueEmail(`delete-subscribed-${width}`);
      const { auth_token: otherSession } = await createAccount(baseURL!, email);
      await signInFromLogin(page, email);
      const subscription = await subscribeOnPricing(page, baseURL!, 'Monthly');

      await page.goto('/delete-account');
      const username = page.getByLabel('Username');
      await expect(username).toHaveValue(email);
      // DESIGN 6's texts stand as they were, the note beside them.
      await expect(username).toHaveAttribute('placeholder', 'Username');
      await expect(page.getByText(EXPLANATION, { exact: true })).toBeVisible();
      const note = page.getByText(
        'Your Monthly subscription will be cancelled at PayPal first, so you will not be charged again. Any time already paid for ends with the account.',
        { exact: true },
      );
      await expect(note).toBeVisible();
      const [noteBox, buttonBox] = await Promise.all([
        note.boundingBox(),
        page.getByRole('button', { name: 'Delete Account' }).boundingBox(),
      ]);
      expect(noteBox!.y + noteBox!.height, 'the note comes before the button').toBeLessThanOrEqual(
        buttonBox!.y,
      );

      // A wrong password: the reason, under DESIGN's sentence.
      await page.getByPlaceholder('Password').fill('not the password');
      await press(page);
      await expectRefusal(page.getByRole('alert'), SERVER_SUPPORT, DELETION_REFUSALS.invalid_credentials);
      await expectNoSidewaysScroll(page, `/delete-account with a refusal at ${width} px`);
      await expectNoSeriousA11yViolationsLightAndDark(
        page,
        `/delete-account with the note and a refusal at ${width} px`,
      );

      // PayPal will not cancel: nothing is deleted, and the screen says so.
      await atPayPal(subscription, 'refuse-cancel');
      await page.getByPlaceholder('Password').fill(PASSWORD);
      await press(page);
      await expectRefusal(
        page.getByRole('alert'),
        SERVER_SUPPORT,
        DELETION_REFUSALS.subscription_not_cancelled,
      );
      expect(await tokenWorks(baseURL!, otherSession)).toBe(true);
      expect((await storedUser(page))?.email).toBe(email);
      await expect(page.getByRole('button', { name: 'Logout', exact: true })).toBeVisible();

      // Another address in the Username: the note was about the signed-in account only.
      await username.fill('someone-else@example.com');
      await expect(note).toHaveCount(0);
    });
  });
