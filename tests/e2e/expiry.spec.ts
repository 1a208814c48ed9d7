import type { Page } from '@playwright/test';
import type { User } from '../../contract/users';
import { expect, test } from './fixtures';
import { PASSWORD, signIn, uniqueEmail } from './support/accounts';
import { pushConnected } from './support/account-page';
import { SIGNED_OUT } from './support/endings';
import { linkIn, waitForMail } from './support/mailbox';
import { OwnServer } from './support/own-server';

/**
 * What only time brings about, on a server of this file's own whose database the test may open
 * (support/own-server.ts): links past their lifetime (decision 168) and a session past its deadline
 * (decision 169). The test moves the stored time; the server meets it through its own checks and timers.
 */
test.describe.configure({ mode: 'serial' });

let server: OwnServer;
test.beforeAll(async () => {
  server = await OwnServer.start();
});
test.afterAll(async () => {
  await server?.stop();
});

const AN_HOUR_AGO = () => new Date(Date.now() - 60 * 60_000);

async function call(path: string, body: unknown, token?: string): Promise<Response> {
  return fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
}

async function newAccount(label: string): Promise<User> {
  const reply = await call('/api/v1/users', { user: { email: uniqueEmail(label), password: PASSWORD } });
  expect(reply.status).toBe(201);
  return (await reply.json()) as User;
}

/** The account asks to move to a new address: the link mailed there. */
async function askEmailChange(user: User) {
  const newEmail = uniqueEmail('expiry-moved');
  const reply = await call('/api/v1/email_change', { email: newEmail, password: PASSWORD }, user.auth_token);
  expect(reply.status).toBe(202);
  return linkIn((await waitForMail(newEmail, /confirm your new/i)).text, /\/confirm-email\//);
}

async function expectDeadLink(page: Page, sentence: string, formControl: string) {
  await expect(page.getByRole('alert')).toContainText(sentence);
  await expect(page.getByRole('button', { name: formControl })).toHaveCount(0);
}

test.describe('links past their lifetime say so as they open', () => {
  test('a reset link past its 60 minutes shows no form', async ({ page }) => {
    const user = await newAccount('expiry-reset');
    expect((await call('/api/v2/reset_password', { email: user.email })).status).toBe(204);
    const link = linkIn((await waitForMail(user.email, /reset/i)).text, /\/change-password\//);
    expect(link.startsWith(server.url)).toBe(true);
    server.expire('password_resets', user.id, AN_HOUR_AGO());
    await page.goto(link);
    await expectDeadLink(page, 'This password reset link is invalid or has expired.', 'Change password');
    await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
  });

  test('an e-mail confirmation link past its 60 minutes shows no button', async ({ page }) => {
    const user = await newAccount('expiry-change');
    const link = await askEmailChange(user);
    server.expire('email_changes', user.id, AN_HOUR_AGO());
    await page.goto(link);
    await expectDeadLink(
      page,
      'This e-mail confirmation link is invalid or has expired. Ask for a new one on your account page.',
      'Confirm the new address',
    );
  });

  test('an undo link past its 7 days shows no button', async ({ page }) => {
    const user = await newAccount('expiry-undo');
    const token = (await askEmailChange(user)).split('/').at(-1);
    expect((await call('/api/v1/email_change/confirm', { token })).status).toBe(200);
    const mail = await waitForMail(user.email, /e-mail address of your .* account was changed/i);
    const link = linkIn(mail.text, /\/undo-email-change\//);
    server.expire('email_change_undos', user.id, AN_HOUR_AGO());
    await page.goto(link);
    await expectDeadLink(
      page,
      'This link can no longer undo the e-mail change: it was used already or is older than 7 days.',
      'Undo the change',
    );
  });
});

test.describe('a session that expires while its page is open', () => {
  test('signs the page out, saying the session expired', async ({ page }) => {
    // Enough time for the page to load and listen before the deadline; the server's timer does the rest.
    test.setTimeout(60_000);
    const user = await newAccount('expiry-session');
    await page.goto(`${server.url}/login`);
    await signIn(page, user.email);
    await expect(page).toHaveURL(`${server.url}/account`);
    // Both this page's sessions: the sign-up's and the browser's. Unused since, they end in 8 seconds.
    server.sessionEndsAt(user.id, new Date(Date.now() + 8000));
    // The page opened again listens with the deadline as now stored.
    const connected = pushConnected(page);
    await page.reload();
    await connected;
    await expect(page.getByText(SIGNED_OUT.expired, { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveURL(`${server.url}/login`);
    await expect(page.getByRole('button', { name: 'Logout', exact: true })).toHaveCount(0);
  });
});
