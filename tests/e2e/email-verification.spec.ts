import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  createAccount,
  mailedCodeIn,
  PASSWORD,
  turnOnTwoStep,
  uniqueEmail,
  VERIFY_MAIL_SUBJECT,
} from './support/accounts';
import { openAccount, pushConnected, withSecondBrowser } from './support/account-page';
import { linkIn, waitForMail } from './support/mailbox';
import { totpCode } from '../support/totp';

// DESIGN 13 in the browser: the address confirmed by the code of the sign-up mail (and the banner gone on every
// open page), by its link in a browser that is signed out, and a sign-in by a mailed code before two-step sign-in.

const banner = (page: Page) => page.getByRole('region', { name: 'Confirm your e-mail address' });

test.describe('a confirmed e-mail address', () => {
  test('sign up, confirm with the code of the mail, and the banner goes on another open tab too', async ({
    page,
    context,
  }) => {
    const email = uniqueEmail('verify-code');
    await page.goto('/signup');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL('/account');
    await expect(banner(page)).toContainText(`We sent a 6-digit code to ${email}.`);

    const other = await context.newPage();
    const listening = pushConnected(other);
    await other.goto('/account');
    await listening;
    await expect(banner(other)).toBeVisible();

    const code = mailedCodeIn((await waitForMail(email, VERIFY_MAIL_SUBJECT)).text);
    await banner(page).getByLabel('Code from the e-mail').fill(code);
    await banner(page).getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText(/^Your e-mail address is confirmed\./)).toBeVisible();
    await expect(banner(page)).toHaveCount(0);
    await expect(banner(other)).toHaveCount(0);
  });

  test('the link of the mail, opened in a second browser that is signed out, confirms the address', async ({
    page,
    browser,
    baseURL,
  }) => {
    const email = uniqueEmail('verify-link');
    await createAccount(baseURL!, email, PASSWORD, { verified: false });
    const link = linkIn((await waitForMail(email, VERIFY_MAIL_SUBJECT)).text, /\/verify-email\//);
    await openAccount(page, email);
    await expect(banner(page)).toBeVisible();

    await withSecondBrowser(browser, async (second) => {
      await second.goto(link);
      await expect(second.getByRole('button', { name: 'Logout', exact: true })).toHaveCount(0);
      await second.getByRole('button', { name: 'Confirm my e-mail address' }).click();
      await expect(second.getByText(/^Your e-mail address is confirmed\./)).toBeVisible();
      // The link works once: opened again, it says so.
      await second.goto(link);
      await second.getByRole('button', { name: 'Confirm my e-mail address' }).click();
      await expect(second.getByRole('alert')).toContainText(
        'This confirmation link is invalid or has expired.',
      );
    });
    // The account's open page heard it.
    await expect(banner(page)).toHaveCount(0);
  });
});

test('signs in with a code sent by e-mail, then the code of two-step sign-in', async ({ page, baseURL }) => {
  const email = uniqueEmail('email-code');
  const user = await createAccount(baseURL!, email);
  const secret = await turnOnTwoStep(baseURL!, user.auth_token);

  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Email me a sign-in code' }).click();
  const codeField = page.getByLabel('Code from the e-mail');
  await expect(codeField).toBeVisible();
  await codeField.fill(mailedCodeIn((await waitForMail(email, /sign-in code/i)).text));
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  // The code used to turn it on may still be the current one; the next step's is never used yet.
  await page.getByLabel('Code from your authenticator app').fill(totpCode(secret, Date.now() + 30_000));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL('/account');
  // The session began with the mailed code, and the devices list says so.
  await page.goto('/account/devices');
  await expect(page.getByText(/^Signed in with a code sent by e-mail on /)).toBeVisible();
});
