import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  createAccount,
  PASSWORD,
  revokeElsewhere,
  signIn,
  storedUser,
  tokenWorks,
  uniqueEmail,
} from './support/accounts';
import { changePasswordIn, openAccount, pushConnected, withSecondBrowser } from './support/account-page';
import { expectNoSeriousA11yViolations, expectNoSidewaysScroll } from './support/axe';
import { SIGNED_OUT } from './support/endings';

const DELETED = SIGNED_OUT.accountDeleted;

/** One new account open on /account in this browser (`page`) and in a second one, handed to `use`. */
async function inTwoBrowsers(
  { page, browser, baseURL, label }: { page: Page; browser: Browser; baseURL: string; label: string },
  use: (second: Page, email: string) => Promise<void>,
) {
  const email = uniqueEmail(label);
  await createAccount(baseURL, email);
  await openAccount(page, email);
  await withSecondBrowser(browser, async (second) => {
    await openAccount(second, email);
    await use(second, email);
  });
}

test.describe('the push channel and QR sign-in', () => {
  test('the QR link opened in a second browser signs it in, and the first hears of it', async ({
    page,
    browser,
    baseURL,
  }) => {
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    const email = uniqueEmail('qr');
    await createAccount(baseURL!, email);
    const socket = await openAccount(page, email, '/account/devices');
    expect(socket.url()).toMatch(new RegExp(`^ws://localhost:\\d+/cable\\?token=[A-Za-z0-9_-]{43}$`));

    const section = page.getByRole('region', { name: 'Sign in on another device' });
    await section.getByRole('button', { name: 'Get a QR code' }).click();
    await section.getByLabel('Your password').fill(PASSWORD);
    await section.getByRole('button', { name: 'Show QR code' }).click();
    const code = section.getByRole('img', { name: 'QR code that signs in another device' });
    await expect(code).toBeVisible();
    expect(await code.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
    await expect(section.getByText(/This code expires in [45]:\d\d\./)).toBeVisible();
    const link = await section.getByLabel('Link for the other device').inputValue();
    expect(link).toMatch(new RegExp(`^${baseURL}/login#auth_token=[A-Za-z0-9_-]{43}$`));
    await expectNoSeriousA11yViolations(page, '/account/devices with a QR code');
    await page.setViewportSize({ width: 320, height: 800 });
    await expectNoSidewaysScroll(page, '/account/devices with a QR code at 320 px');

    const other = await browser.newContext();
    try {
      const phone = await other.newPage();
      await phone.goto(link);
      await expect(phone.getByRole('button', { name: 'Logout', exact: true })).toBeVisible();
      await expect(phone).not.toHaveURL(/auth_token/);
      const phoneUser = await storedUser(phone);
      expect(phoneUser?.email).toBe(email);
      // The code was exchanged for a session of the phone's own; the code's token is spent.
      const codeToken = link.split('auth_token=')[1]!;
      expect(phoneUser?.auth_token).not.toBe(codeToken);
      expect(await tokenWorks(baseURL!, phoneUser!.auth_token)).toBe(true);
      expect(await tokenWorks(baseURL!, codeToken)).toBe(false);

      await expect(section.getByText(/^A new device signed in\./)).toBeVisible();
      await expect(code).toHaveCount(0);
    } finally {
      await other.close();
    }
    // The strict CSP would report a blocked socket or script here.
    expect(consoleErrors).toEqual([]);
  });

  test('deleting the account in one browser signs the other out at once, saying why', async ({
    page,
    browser,
    baseURL,
  }) => {
    await inTwoBrowsers({ page, browser, baseURL: baseURL!, label: 'deleted' }, async (second, email) => {
      await second.goto('/delete-account');
      await second.getByPlaceholder('Username').fill(email);
      await second.getByPlaceholder('Password').fill(PASSWORD);
      await second.getByRole('button', { name: 'Delete Account' }).click();
      await expect(second.getByText('Your account has been deleted.', { exact: true })).toBeVisible();

      await expect(page.getByText(DELETED)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Logout', exact: true })).toHaveCount(0);
      await expect(page).toHaveURL('/login');
      expect(await storedUser(page)).toBeNull();
      // The browser that deleted the account knows why; it is not told it was signed out "elsewhere". It
      // said so before its call (its push is its own) and is signed out since its reply (a later one is
      // about no session it holds), so there is nothing to wait for.
      await expect(second.getByText(DELETED)).toHaveCount(0);
    });
  });

  test('Logout in one window signs the other window out, saying so; the window that logged out says nothing', async ({
    context,
    browser,
    baseURL,
  }) => {
    const email = uniqueEmail('logout');
    await createAccount(baseURL!, email);
    const first = await context.newPage();
    await openAccount(first, email);
    // A second window of that browser: a browser context of its own that holds the same stored sign-in,
    // and so the same session.
    const window2 = await browser.newContext({ storageState: await context.storageState() });
    try {
      const second = await window2.newPage();
      const connected = pushConnected(second);
      await second.goto('/');
      await connected;

      await first.getByRole('button', { name: 'Logout', exact: true }).click();
      await expect(first).toHaveURL('/');
      await expect(second.getByText(SIGNED_OUT.logout, { exact: true })).toBeVisible();
      await expect(second.getByRole('button', { name: 'Logout', exact: true })).toHaveCount(0);
      await second.getByRole('button', { name: 'Dismiss' }).click();
      await expect(second.getByText(SIGNED_OUT.logout)).toHaveCount(0);
      // The window that logged out announced its token before the call: its own push says nothing.
      await expect(first.getByRole('button', { name: 'Dismiss' })).toHaveCount(0);
    } finally {
      await window2.close();
    }
  });

  test('a password change elsewhere signs this browser out, saying why', async ({
    page,
    browser,
    baseURL,
  }) => {
    await inTwoBrowsers({ page, browser, baseURL: baseURL!, label: 'changed' }, async (second) => {
      await changePasswordIn(second, PASSWORD, 'a brand new meadow');
      await expect(second.getByText(/Your password has been changed/)).toBeVisible();

      await expect(page.getByText(SIGNED_OUT.passwordChanged, { exact: true })).toBeVisible();
      await expect(page).toHaveURL('/login');
      await expect(second.getByRole('button', { name: 'Logout', exact: true })).toBeVisible();
    });
  });

  test('a saved session found dead as the page opens signs out, saying the session has ended', async ({
    page,
    baseURL,
  }) => {
    const email = uniqueEmail('revoked');
    await createAccount(baseURL!, email);
    await openAccount(page, email);
    await page.goto('/');
    const token = (await storedUser(page))?.auth_token ?? '';
    // Revoked from outside while this page is away (another client, a support action…).
    await page.goto('about:blank');
    await revokeElsewhere(baseURL!, token);

    await page.goto('/');
    await expect(page.getByText(SIGNED_OUT.sessionEnded, { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Logout', exact: true })).toHaveCount(0);
    expect(await storedUser(page)).toBeNull();
  });

  test('a guarded page opened with a dead saved session goes to sign-in, saying the session has ended', async ({
    page,
    baseURL,
  }) => {
    const email = uniqueEmail('dead-saved');
    await createAccount(baseURL!, email);
    await openAccount(page, email);
    const token = (await storedUser(page))?.auth_token ?? '';
    await page.goto('about:blank');
    await revokeElsewhere(baseURL!, token);

    await page.goto('/account/devices');
    await expect(page).toHaveURL('/login');
    await expect(page.getByText(SIGNED_OUT.sessionEnded, { exact: true })).toBeVisible();
    // Signing in again takes the person back to the page first asked for.
    await signIn(page, email);
    await expect(page).toHaveURL('/account/devices');
    await expect(page.getByText(SIGNED_OUT.sessionEnded)).toHaveCount(0);
  });
});
