import { expect, type Browser, type Page, type WebSocket } from '@playwright/test';
import { signIn } from './accounts';

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

/** Opens /account, signing in on the way, and waits until the page listens for pushes: its socket. */
export async function openAccount(page: Page, email: string): Promise<WebSocket> {
  const connected = pushConnected(page);
  await page.goto('/account');
  await signIn(page, email);
  await expect(page).toHaveURL('/account');
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
