import { expect, type Browser, type Page, type WebSocket } from '@playwright/test';
import { PASSWORD, signIn } from './accounts';

/** Resolves once the page's push connection has its AccountChannel subscription confirmed. */
export function pushConnected(page: Page): Promise<WebSocket> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      socket.on('framereceived', ({ payload }) => {
        if (String(payload).includes('confirm_subscription')) resolve(socket);
      });
    });
  });
}

/**
 * Opens a page of the settings area (/account unless told), signing in on the way, and waits until the page
 * listens for pushes: its socket.
 */
export async function openAccount(page: Page, email: string, path = '/account'): Promise<WebSocket> {
  const connected = pushConnected(page);
  await page.goto(path);
  await signIn(page, email);
  await expect(page).toHaveURL(path);
  return connected;
}

/** A second browser (its own storage, so its own session), closed after `use`. */
export async function withSecondBrowser(browser: Browser, use: (second: Page) => Promise<void>) {
  const other = await browser.newContext();
  try {
    await use(await other.newPage());
  } finally {
    await other.close();
  }
}

/**
 * Changes the password on /account/security, reached through the settings navigation: opens the Password
 * row, then the form's two steps (current, new). Leaves the outcome to the caller.
 */
export async function changePasswordIn(page: Page, current: string, next: string) {
  const settings = page.getByRole('navigation', { name: 'Settings' });
  if (!/\/account\/security$/.test(page.url())) {
    // On a phone the list is on /account only: go there first.
    if (!(await settings.getByRole('link', { name: 'Security' }).isVisible())) await page.goto('/account');
    await settings.getByRole('link', { name: 'Security' }).click();
  }
  const row = page.getByRole('region', { name: 'Password' });
  await row.getByRole('button', { name: 'Change password' }).click();
  await row.getByLabel('Current password').fill(current);
  await row.getByRole('button', { name: 'Continue' }).click();
  await row.getByLabel('New password', { exact: true }).fill(next);
  await row.getByRole('button', { name: 'Change password' }).click();
}

/** On /account, asks to move the account to `newEmail` with its password, as a person would. */
export async function askEmailChangeIn(page: Page, newEmail: string, password = PASSWORD) {
  const profile = page.getByRole('region', { name: 'E-mail address' });
  await profile.getByRole('button', { name: 'Change e-mail' }).click();
  await profile.getByLabel('New e-mail address').fill(newEmail);
  await profile.getByLabel('Password', { exact: true }).fill(password);
  await profile.getByRole('button', { name: 'Change e-mail' }).click();
  await expect(profile.getByRole('status')).toContainText(`We sent a link to ${newEmail}.`);
}
