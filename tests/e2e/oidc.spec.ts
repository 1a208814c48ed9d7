import { expect, test } from './fixtures';
import { createAccount, PASSWORD, uniqueEmail } from './support/accounts';
import { oidcProviderUrls } from './support/e2e-port';
import { waitForMail } from './support/mailbox';
import { totpCode } from '../support/totp';
import type { Page } from '@playwright/test';

/** Tells a provider what the person who signs in with `login` has: their address, verified or not. */
async function providerAccount(
  provider: 'google' | 'apple',
  login: string,
  account: { email: string; email_verified: boolean | string },
) {
  const reply = await fetch(`${oidcProviderUrls()[provider]}/test/accounts`, {
    method: 'POST',
    body: JSON.stringify({ login, ...account }),
  });
  expect(reply.status).toBe(204);
}

/** The provider's development login page, as a person fills it in. */
async function loginAtProvider(page: Page, provider: 'google' | 'apple', login: string) {
  await expect(page).toHaveURL(new RegExp(`^${oidcProviderUrls()[provider]}/interaction/`));
  await page.getByPlaceholder('Enter any login').fill(login);
  await page.getByPlaceholder('and password').fill('anything');
  await page.getByRole('button', { name: 'Sign-in' }).click();
}

const login = (label: string) =>
  `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;

test.describe('sign in with a provider (DESIGN 14)', () => {
  test('from the login button through Google’s login page to the signed-in account page', async ({
    page,
  }) => {
    const email = uniqueEmail('google');
    const who = login('g');
    await providerAccount('google', who, { email, email_verified: true });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await loginAtProvider(page, 'google', who);
    await expect(page).toHaveURL('/account');
    // The token went through the address's fragment, and is gone from it.
    expect(new URL(page.url()).hash).toBe('');
    await expect(page.getByText(email).first()).toBeVisible();

    await page.goto('/account/security');
    const row = page.getByRole('region', { name: 'Connected accounts' });
    await expect(row.getByRole('list', { name: 'Your connected accounts' })).toContainText(
      `Google · ${email}`,
    );
  });

  test('Apple answers with a cross-site form_post, and the state cookie still arrives', async ({ page }) => {
    const email = uniqueEmail('apple');
    const who = login('a');
    await providerAccount('apple', who, { email, email_verified: 'true' });
    await page.goto('/signup');
    await page.getByRole('button', { name: 'Continue with Apple' }).click();
    await loginAtProvider(page, 'apple', who);
    await expect(page).toHaveURL('/account');
    await expect(page.getByText(email).first()).toBeVisible();
  });

  test('a provider that has not verified the address is refused with its sentence', async ({ page }) => {
    const who = login('u');
    await providerAccount('google', who, { email: uniqueEmail('unverified'), email_verified: false });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await loginAtProvider(page, 'google', who);
    await expect(page).toHaveURL(/\/login\?error=oidc_email_unverified&provider=google$/);
    await expect(page.getByRole('alert')).toHaveText(
      'Google has not confirmed your e-mail address, so it cannot sign you in here. Confirm it at Google, or sign in another way.',
    );
  });

  test('two-step sign-in still asks for its code after a provider sign-in', async ({ page, baseURL }) => {
    const email = uniqueEmail('google-2fa');
    const user = await createAccount(baseURL!, email, PASSWORD, { verified: false });
    const auth = { authorization: `Bearer ${user.auth_token}`, 'content-type': 'application/json' };
    // The address confirmed with the code of the sign-up mail, as its owner would.
    const mail = await waitForMail(email, /Confirm your e-mail address/);
    const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
    const confirmed = await fetch(`${baseURL}/api/v1/email_verification/confirm`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ code }),
    });
    expect(confirmed.status).toBe(200);
    const setUp = await fetch(`${baseURL}/api/v1/two_factor/setup`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ password: PASSWORD }),
    });
    const { secret } = (await setUp.json()) as { secret: string };
    const enabled = await fetch(`${baseURL}/api/v1/two_factor/enable`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ code: totpCode(secret, Date.now()) }),
    });
    expect(enabled.status).toBe(200);

    const who = login('t');
    await providerAccount('google', who, { email, email_verified: true });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await loginAtProvider(page, 'google', who);
    const field = page.getByLabel('Code from your authenticator app');
    await expect(field).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    await field.fill(totpCode(secret, Date.now() + 30_000));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL('/account');
  });
});

test.describe('connected accounts on /account/security (DESIGN 14)', () => {
  test('connect Apple from Security, sign in with it, then disconnect it with the password', async ({
    page,
    baseURL,
  }) => {
    const email = uniqueEmail('connect');
    const user = await createAccount(baseURL!, email, PASSWORD, { verified: false });
    const mail = await waitForMail(email, /Confirm your e-mail address/);
    const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
    const confirmed = await fetch(`${baseURL}/api/v1/email_verification/confirm`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.auth_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ code }),
    });
    expect(confirmed.status).toBe(200);
    await page.goto('/login');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL('/account');

    // Another address at Apple: connecting by intent does not need it to match.
    const who = login('c');
    await providerAccount('apple', who, { email: uniqueEmail('relay'), email_verified: 'true' });
    await page.goto('/account/security');
    const row = page.getByRole('region', { name: 'Connected accounts' });
    await row.getByRole('button', { name: 'Connect' }).click();
    await row.getByRole('button', { name: 'Connect Apple' }).click();
    await loginAtProvider(page, 'apple', who);
    await expect(page).toHaveURL('/account/security?connected=apple');
    await expect(row.getByRole('status')).toHaveText('Apple is connected: you can now sign in with it.');
    await expect(row.getByRole('list', { name: 'Your connected accounts' })).toContainText('Apple');

    // Signed out, Apple signs in to this account.
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.goto('/login');
    // Apple still knows this browser from the connection: it sends it straight back, signed in.
    await page.getByRole('button', { name: 'Continue with Apple' }).click();
    await expect(page).toHaveURL('/account');
    await expect(page.getByText(email).first()).toBeVisible();

    await page.goto('/account/security');
    const list = row.getByRole('list', { name: 'Your connected accounts' });
    await list.getByRole('button', { name: 'Disconnect' }).click();
    await list.getByLabel('Your password').fill(PASSWORD);
    await list.getByRole('button', { name: 'Disconnect Apple' }).click();
    await expect(
      row.getByText('Apple was disconnected: it can no longer sign in to your account.'),
    ).toBeVisible();
    await expect(row.getByText('No account is connected yet.')).toBeVisible();
  });

  test('the mailbox owner takes back an account nobody confirmed: its password stops working', async ({
    page,
    baseURL,
  }) => {
    const email = uniqueEmail('squatted');
    const squatter = await createAccount(baseURL!, email, PASSWORD, { verified: false });
    const who = login('o');
    await providerAccount('google', who, { email, email_verified: true });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await loginAtProvider(page, 'google', who);
    await expect(page).toHaveURL('/account');
    const me = await fetch(`${baseURL}/api/v1/me`, {
      headers: { authorization: `Bearer ${squatter.auth_token}` },
    });
    expect(me.status).toBe(401);
    const withPassword = await fetch(`${baseURL}/api/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.77' },
      body: JSON.stringify({ session: { email, password: PASSWORD } }),
    });
    expect(withPassword.status).toBe(401);
  });
});
