import { expect, test } from './fixtures';
import {
  createAccount,
  PASSWORD,
  signIn,
  signInFromLogin,
  storedUser,
  uniqueEmail,
} from './support/accounts';
import { changePasswordIn } from './support/account-page';
import { linkIn, waitForMail } from './support/mailbox';

const NEW_PASSWORD = 'an entirely new sentence';

test.describe('forgotten and changed passwords', () => {
  test('a forgotten password is reset through the link of the e-mail, and the new one signs in', async ({
    page,
    baseURL,
  }) => {
    const email = uniqueEmail('forgot');
    await createAccount(baseURL!, email);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL('/reset-password');
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'If an account exists' })).toBeFocused();

    // Read the mail that a real SMTP server received, and follow its link as the recipient would.
    const mail = await waitForMail(email, /reset/i);
    const link = linkIn(mail.text, /\/change-password\//);
    expect(new URL(link).origin).toBe(new URL(baseURL!).origin);
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Repeat the new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    const done = page.getByRole('status').filter({ hasText: 'Your password has been changed.' });
    await expect(done).toBeFocused();

    await done.getByRole('link', { name: 'Sign in' }).click();
    await signIn(page, email, PASSWORD);
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password.');
    await signIn(page, email, NEW_PASSWORD);
    await expect(page).toHaveURL('/account');

    // The link worked once, and says so as it opens, before anyone types (decision 168).
    await page.goto(link);
    await expect(page.getByRole('alert')).toContainText(
      'This password reset link is invalid or has expired.',
    );
    await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
  });

  test('asking for a reset for an unknown e-mail says the same friendly thing', async ({ page }) => {
    const email = uniqueEmail('nobody');
    await page.goto('/reset-password');
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: `If an account exists for ${email}` }),
    ).toBeVisible();
  });

  test('an invalid reset link says so as it opens, shows no form, and offers a new one', async ({ page }) => {
    await page.goto('/change-password/not-a-real-token');
    const alert = page.getByRole('alert');
    await expect(page.getByRole('button', { name: 'Change password' })).toHaveCount(0);
    await expect(alert).toContainText('This password reset link is invalid or has expired.');
    await alert.getByRole('link', { name: 'Ask for a new link' }).click();
    await expect(page).toHaveURL('/reset-password');
  });

  test('the password is changed on the account page with the current one', async ({ page, baseURL }) => {
    const email = uniqueEmail('change');
    await createAccount(baseURL!, email);
    await signInFromLogin(page, email);

    await changePasswordIn(page, 'not my password', NEW_PASSWORD);
    // Refused: the form is back at its first step, with the server's sentence, focused.
    const form = page.getByRole('form', { name: 'Change password' });
    await expect(form.getByRole('alert')).toHaveText('Your current password is not correct.');
    await expect(form.getByRole('alert')).toBeFocused();

    await form.getByLabel('Current password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Continue' }).click();
    await form.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByRole('status')).toContainText('Your password has been changed.');
    await expect(form.getByLabel('Current password')).toHaveValue('');
    // This page stays signed in.
    await page.goto('/account');
    await expect(page.getByRole('region', { name: 'E-mail address' })).toContainText(email);
    expect(await storedUser(page)).not.toBeNull();

    await page.getByRole('button', { name: 'Logout', exact: true }).click();
    await signInFromLogin(page, email, NEW_PASSWORD);
  });
});
