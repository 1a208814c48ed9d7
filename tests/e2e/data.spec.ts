import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures';
import { createAccount, signInFromLogin, storedUser, uniqueEmail } from './support/accounts';
import { askEmailChangeIn } from './support/account-page';
import { linkIn, waitForMail } from './support/mailbox';

test.describe('your data', () => {
  test('the account page downloads the export as a JSON file with the account in it and no token', async ({
    page,
    baseURL,
  }) => {
    const email = uniqueEmail('export');
    await createAccount(baseURL!, email);
    await signInFromLogin(page, email);
    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Your data' }).click();
    await expect(page).toHaveURL('/account/data');
    await expect(page.getByRole('heading', { name: 'Your data', level: 1 })).toBeVisible();
    const section = page.getByRole('region', { name: 'Download your data' });

    const downloading = page.waitForEvent('download');
    await section.getByRole('button', { name: 'Download your data' }).click();
    const download = await downloading;
    const today = new Date().toISOString().slice(0, 10);
    expect(download.suggestedFilename()).toBe(`bullapp-export-${today}.json`);
    const text = await readFile((await download.path())!, 'utf8');
    const data = JSON.parse(text) as { user: { email: string }; sessions: unknown[] };
    expect(data.user.email).toBe(email);
    expect(data.sessions.length).toBeGreaterThanOrEqual(2);
    const token = (await storedUser(page))!.auth_token;
    expect(text).not.toContain(token);
    await expect(section.getByText(`Your data was saved as bullapp-export-${today}.json.`)).toBeVisible();
  });

  test('the e-mail changes through the link mailed to the new address; the open page shows it live', async ({
    page,
    context,
    baseURL,
  }) => {
    const email = uniqueEmail('mover');
    const newEmail = uniqueEmail('moved');
    await createAccount(baseURL!, email);
    await signInFromLogin(page, email);
    await expect(page.getByRole('button', { name: `Your account: ${email}` })).toBeVisible();

    await askEmailChangeIn(page, newEmail);
    const notice = await waitForMail(email, /change of your .* e-mail address/i);
    expect(notice.text).not.toContain('/confirm-email/');

    // The owner of the new address opens the link, here in another tab of the same browser.
    const mail = await waitForMail(newEmail, /confirm your new/i);
    const link = linkIn(mail.text, /\/confirm-email\//);
    expect(new URL(link).origin).toBe(new URL(baseURL!).origin);
    const tab = await context.newPage();
    await tab.goto(link);
    await expect(tab.getByRole('heading', { name: 'Confirm your e-mail address' })).toBeVisible();
    // Opening the link changes nothing: the button does (decision 168).
    await tab.getByRole('button', { name: 'Confirm the new address' }).click();
    await expect(tab.getByRole('status')).toContainText(`Your e-mail address is now ${newEmail}.`);
    await expect(tab.getByRole('link', { name: 'Back to your account' })).toBeVisible();

    // The first page heard `email_changed` and shows the new address, still signed in.
    await expect(page.getByRole('button', { name: `Your account: ${newEmail}` })).toBeVisible();
    await expect(page.getByRole('region', { name: 'E-mail address' })).toContainText(newEmail);

    // The link works once, and says so as it opens.
    await tab.goto(link);
    await expect(tab.getByRole('alert')).toContainText(
      'This e-mail confirmation link is invalid or has expired.',
    );
    await expect(tab.getByRole('button', { name: 'Confirm the new address' })).toHaveCount(0);
    await expect(tab.getByRole('link', { name: 'Go to your account' })).toBeVisible();
  });
});
