import { expect, type Page } from '@playwright/test';
import type { User } from '../../../contract/users';
import { totpCode } from '../../support/totp';
import { linkIn, waitForMail } from './mailbox';

let counter = 0;

/** An address no other test uses, so tests share one server without stepping on each other. */
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}-${Date.now().toString(36)}-${process.pid}-${counter}@example.com`;
}

export const PASSWORD = 'a quiet meadow at dawn';

/** A documentation-range address (RFC 5737) per call, so set-up never hits the per-IP sign-up limit. */
const setUpClientIp = () => `198.51.100.${1 + Math.floor(Math.random() * 254)}`;

/**
 * Creates an account straight through the API, as test set-up: no browser cookies (so no XSRF check) and a
 * client address of its own (the E2E server runs with TRUST_PROXY=1, so the last X-Forwarded-For entry counts).
 * Its address is confirmed through the link of the sign-up mail (DESIGN 13), as the accounts of before it
 * were, unless the test wants it `verified: false`.
 */
export async function createAccount(
  baseURL: string,
  email: string,
  password = PASSWORD,
  { verified = true }: { verified?: boolean } = {},
): Promise<User> {
  const reply = await fetch(`${baseURL}/api/v1/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': setUpClientIp() },
    body: JSON.stringify({ user: { email, password } }),
  });
  expect(reply.status, await reply.clone().text()).toBe(201);
  const user = (await reply.json()) as User;
  if (!verified) return user;
  await confirmAddress(baseURL, email);
  return { ...user, email_verified: true };
}

export const VERIFY_MAIL_SUBJECT = /confirm your e-mail address/i;

/** Confirms the address with the token of the link in its sign-up mail, as opening the link would. */
export async function confirmAddress(baseURL: string, email: string) {
  const link = linkIn((await waitForMail(email, VERIFY_MAIL_SUBJECT)).text, /\/verify-email\//);
  const token = decodeURIComponent(new URL(link).pathname.split('/').pop() ?? '');
  const reply = await fetch(`${baseURL}/api/v1/email_verification/confirm`, {
    method: 'POST',
    // Set-up's own client address, as for the sign-up: the link's per-IP limit guards the product, not the suite.
    headers: { 'content-type': 'application/json', 'x-forwarded-for': setUpClientIp() },
    body: JSON.stringify({ token }),
  });
  expect(reply.status, await reply.clone().text()).toBe(200);
}

/** The 6-digit code of a mail's text (its links left out, so no token is taken for it). */
export function mailedCodeIn(text: string): string {
  const code = /\b\d{6}\b/.exec(text.replace(/https?:\/\/\S+/g, ''))?.[0];
  if (!code) throw new Error(`No 6-digit code in:\n${text}`);
  return code;
}

/** Whether the server still accepts a token, as any API client would find out. */
export async function tokenWorks(baseURL: string, token: string): Promise<boolean> {
  const reply = await fetch(`${baseURL}/api/v1/me`, { headers: { authorization: `Bearer ${token}` } });
  return reply.status === 200;
}

/** Signs in through the sign-in screen, as a person would. */
export async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Opens the sign-in screen and signs in there, landing on /account as the screen promises. */
export async function signInFromLogin(page: Page, email: string, password = PASSWORD) {
  await page.goto('/login');
  await signIn(page, email, password);
  await expect(page).toHaveURL('/account');
}

/** Logs a token out as another client would, while the page that holds it does not take part. */
export async function revokeElsewhere(baseURL: string, token: string) {
  const reply = await fetch(`${baseURL}/api/v1/logout`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(reply.status).toBe(204);
}

export async function storedUser(page: Page): Promise<User | null> {
  return page.evaluate(() => JSON.parse(window.localStorage.getItem('user') ?? 'null') as User | null);
}

/** The link of a QR code for this session's account, as check_chromes_password gives it (no browser). */
export async function qrLinkFor(baseURL: string, token: string, password = PASSWORD): Promise<string> {
  const url = new URL('/api/v1/check_chromes_password', baseURL);
  url.searchParams.set('password', password);
  const reply = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  expect(reply.status, await reply.clone().text()).toBe(200);
  return ((await reply.json()) as { link: string }).link;
}

/**
 * Two-step sign-in turned on through the API with the account's token, as the person's authenticator app
 * would; the secret, for the codes of later steps.
 */
export async function turnOnTwoStep(baseURL: string, token: string): Promise<string> {
  const call = (path: string, body: object) =>
    fetch(`${baseURL}/api/v1/two_factor/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
  const setUp = await call('setup', { password: PASSWORD });
  expect(setUp.status).toBe(200);
  const { secret } = (await setUp.json()) as { secret: string };
  expect((await call('enable', { code: totpCode(secret, Date.now()) })).status).toBe(200);
  return secret;
}
