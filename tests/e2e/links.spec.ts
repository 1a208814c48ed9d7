import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createAccount, signIn, signInFromLogin, uniqueEmail } from './support/accounts';
import { askEmailChangeIn } from './support/account-page';
import { SIGNED_OUT } from './support/endings';
import { linkIn, waitForMail } from './support/mailbox';

/**
 * Decision 168: the page of a mailed link asks the server whether the link can still work before it shows a
 * form, and says at once when it cannot. Expired links are in links-expired.spec.ts (they need the database).
 */
const RESET_DEAD = 'This password reset link is invalid or has expired.';
const CHANGE_DEAD =
  'This e-mail confirmation link is invalid or has expired. Ask for a new one on your account page.';
const UNDO_DEAD =
  'This link can no longer undo the e-mail change: it was used already or is older than 7 days. Write to us if you need help.';
const NEW_PASSWORD = 'an entirely new sentence';

const randomAddress = () => `203.0.113.${1 + Math.floor(Math.random() * 254)}`;

// Each test comes from an address of its own (the server trusts one proxy hop), so the per-address limits of
// the mailed links count this test's calls only.
test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': randomAddress() });
});

const unknownToken = () => randomBytes(32).toString('base64url');

/** The checks this page made, as the server saw them. */
function checksOf(page: Page, path: string) {
  const checks: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === path)
      checks.push(request.postData() ?? '');
  });
  return checks;
}

async function resetLink(baseURL: string, email: string) {
  await createAccount(baseURL, email);
  const reply = await fetch(`${baseURL}/api/v2/reset_password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': randomAddress() },
    body: JSON.stringify({ email }),
  });
  expect(reply.status).toBe(204);
  return linkIn((await waitForMail(email, /reset/i)).text, /\/change-password\//);
}

/** An account signed in on `page` that asked to move to a new address: the link mailed there. */
async function changeLink(page: Page, baseURL: string) {
  const email = uniqueEmail('link-mover');
  const newEmail = uniqueEmail('link-moved');
  await createAccount(baseURL, email);
  await signInFromLogin(page, email);
  await askEmailChangeIn(page, newEmail);
  const link = linkIn((await waitForMail(newEmail, /confirm your new/i)).text, /\/confirm-email\//);
  return { email, newEmail, link };
}

async function expectDeadLink(page: Page, sentence: string, formControl: string) {
  const alert = page.getByRole('alert');
  await expect(alert).toContainText(sentence);
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expect(page.getByRole('button', { name: formControl })).toHaveCount(0);
  return alert;
}

test.describe('a reset link, checked as its page opens', () => {
  test('a good link shows the form, and after the check it still sets the password', async ({
    page,
    baseURL,
  }) => {
    const email = uniqueEmail('link-reset');
    const link = await resetLink(baseURL!, email);
    const checks = checksOf(page, '/api/v2/reset_password/check');
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    expect(checks).toEqual([JSON.stringify({ token: link.split('/').at(-1) })]);
    // Opened again: the check used nothing up.
    await page.reload();
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Repeat the new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Your password has been changed.' }),
    ).toBeFocused();
    await page.goto('/login');
    await signIn(page, email, NEW_PASSWORD);
    await expect(page).toHaveURL('/account');
  });

  test('a used link says so at once, with the way to a new one, and shows no form', async ({
    page,
    baseURL,
  }) => {
    const link = await resetLink(baseURL!, uniqueEmail('link-reset-used'));
    const token = link.split('/').at(-1)!;
    const used = await fetch(`${baseURL}/api/v2/change_password`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': randomAddress() },
      body: JSON.stringify({ password_hash: token, password: NEW_PASSWORD }),
    });
    expect(used.status).toBe(204);
    await page.goto(link);
    const alert = await expectDeadLink(page, RESET_DEAD, 'Change password');
    await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
    await alert.getByRole('link', { name: 'Ask for a new link' }).click();
    await expect(page).toHaveURL('/reset-password');
  });

  test('an unknown link says so at once and shows no form', async ({ page }) => {
    await page.goto(`/change-password/${unknownToken()}`);
    await expectDeadLink(page, RESET_DEAD, 'Change password');
    await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
  });
});

test.describe('the e-mail change links, checked as their pages open', () => {
  test('a good confirm link shows its button, and after the check the button still moves the account', async ({
    page,
    context,
    baseURL,
  }) => {
    const { newEmail, link } = await changeLink(page, baseURL!);
    const tab = await context.newPage();
    const checks = checksOf(tab, '/api/v1/email_change/confirm/check');
    await tab.goto(link);
    const confirm = tab.getByRole('button', { name: 'Confirm the new address' });
    await expect(confirm).toBeVisible();
    expect(checks).toHaveLength(1);
    await tab.reload();
    await confirm.click();
    await expect(tab.getByRole('status')).toContainText(`Your e-mail address is now ${newEmail}.`);
    // Used: the page says so as it opens, with no button.
    await tab.goto(link);
    const alert = await expectDeadLink(tab, CHANGE_DEAD, 'Confirm the new address');
    await expect(alert.getByRole('link', { name: 'Go to your account' })).toBeVisible();
  });

  test('an unknown confirm link says so at once and shows no button', async ({ page }) => {
    await page.goto(`/confirm-email/${unknownToken()}`);
    await expectDeadLink(page, CHANGE_DEAD, 'Confirm the new address');
  });

  test('a good undo link shows its button, which still undoes after the check; used, it says so at once', async ({
    page,
    browser,
    baseURL,
  }) => {
    const { email, link } = await changeLink(page, baseURL!);
    await page.goto(link);
    await page.getByRole('button', { name: 'Confirm the new address' }).click();
    await expect(page.getByRole('status')).toContainText('Your e-mail address is now');
    const undoLink = linkIn(
      (await waitForMail(email, /e-mail address of your .* account was changed/i)).text,
      /\/undo-email-change\//,
    );

    // The owner of the old address opens it in a browser of their own.
    const other = await browser.newContext();
    try {
      const owner = await other.newPage();
      const checks = checksOf(owner, '/api/v1/email_change/undo/check');
      await owner.goto(undoLink);
      const undo = owner.getByRole('button', { name: 'Undo the change' });
      await expect(undo).toBeVisible();
      expect(checks).toHaveLength(1);
      await owner.reload();
      await undo.click();
      await expect(owner.getByRole('status')).toContainText('The change is undone');
      await owner.goto(undoLink);
      await expectDeadLink(owner, UNDO_DEAD, 'Undo the change');
      // The browser that had moved the account is signed out, and told why.
      await expect(page.getByText(SIGNED_OUT.emailChangeUndone, { exact: true })).toBeVisible();
    } finally {
      await other.close();
    }
  });

  test('an unknown undo link says so at once, names the support address, and shows no button', async ({
    page,
  }) => {
    await page.goto(`/undo-email-change/${unknownToken()}`);
    const alert = await expectDeadLink(page, UNDO_DEAD, 'Undo the change');
    await expect(alert.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
  });
});
