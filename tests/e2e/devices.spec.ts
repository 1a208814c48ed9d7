import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createAccount, revokeElsewhere, storedUser, tokenWorks, uniqueEmail } from './support/accounts';
import { openAccount, withSecondBrowser } from './support/account-page';
import { expectNoSeriousA11yViolations } from './support/axe';
import { SIGNED_OUT } from './support/endings';

/** A new account whose only session, the set-up's, has ended: its browsers are all the devices it has. */
async function newAccount(baseURL: string, label: string) {
  const email = uniqueEmail(label);
  await revokeElsewhere(baseURL, (await createAccount(baseURL, email)).auth_token);
  return email;
}

const devicesOf = (page: Page) => page.getByRole('region', { name: 'Signed-in devices' });
const listOf = (page: Page) => devicesOf(page).getByRole('list', { name: 'Your devices' });
const otherDevices = (page: Page) =>
  listOf(page)
    .getByRole('listitem')
    .filter({ hasNot: page.getByText('This device', { exact: true }) });

test.describe('the Devices list on /account/devices', () => {
  test('one browser signs the other out from its Devices list; the other is told at once', async ({
    page,
    browser,
    baseURL,
  }) => {
    const email = await newAccount(baseURL!, 'devices');
    await openAccount(page, email, '/account/devices');
    const here = listOf(page).getByRole('listitem').filter({ hasText: 'This device' });
    await expect(here).toHaveCount(1);
    await expect(here).toContainText('Chrome on Linux');
    await expect(here).toContainText('Signed in with a password');
    await expect(otherDevices(page)).toHaveCount(0);

    await withSecondBrowser(browser, async (second) => {
      await openAccount(second, email, '/account/devices');
      const secondToken = (await storedUser(second))!.auth_token;
      // The first page heard of the new sign-in and lists it, without a reload.
      await expect(otherDevices(page)).toHaveCount(1);
      await expect(otherDevices(page)).toContainText(/Chrome on Linux.*Signed in with a password.*last used/);
      await expectNoSeriousA11yViolations(page, '/account/devices with two devices');

      await otherDevices(page).getByRole('button', { name: 'Sign out' }).click();
      await expect(devicesOf(page).getByRole('status')).toHaveText(
        'Chrome on Linux is signed out. It has to sign in again to use your account.',
      );
      await expect(otherDevices(page)).toHaveCount(0);

      await expect(second.getByText(SIGNED_OUT.deviceSignOut, { exact: true })).toBeVisible();
      await expect(second).toHaveURL('/login');
      await expect(second.getByRole('button', { name: 'Logout', exact: true })).toHaveCount(0);
      expect(await storedUser(second)).toBeNull();
      expect(await tokenWorks(baseURL!, secondToken)).toBe(false);
    });
    // This browser stays signed in.
    await expect(page.getByRole('button', { name: 'Logout', exact: true })).toBeVisible();
    expect(await tokenWorks(baseURL!, (await storedUser(page))!.auth_token)).toBe(true);
  });

  test('Sign out of all other devices ends the other browser’s session; a Logout there leaves the list live', async ({
    page,
    browser,
    baseURL,
  }) => {
    const email = await newAccount(baseURL!, 'devices-all');
    await openAccount(page, email, '/account/devices');
    await withSecondBrowser(browser, async (second) => {
      await openAccount(second, email, '/account/devices');
      await expect(otherDevices(page)).toHaveCount(1);
      // The second browser logs out by itself: the first page's list drops it (session_ended).
      await second.getByRole('button', { name: 'Logout', exact: true }).click();
      await expect(otherDevices(page)).toHaveCount(0);

      await openAccount(second, email, '/account/devices');
      await expect(otherDevices(page)).toHaveCount(1);
      await devicesOf(page).getByRole('button', { name: 'Sign out of all other devices' }).click();
      await expect(devicesOf(page).getByRole('status')).toHaveText(
        'Signed out of 1 other device. Only this device is signed in now.',
      );
      await expect(second.getByText(SIGNED_OUT.deviceSignOut, { exact: true })).toBeVisible();
      await expect(second).toHaveURL('/login');
      await expect(otherDevices(page)).toHaveCount(0);
    });
  });
});
