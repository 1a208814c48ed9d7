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
    const user = await createAccount(baseURL!, email);
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
