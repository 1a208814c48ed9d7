import { createAccount, uniqueEmail } from './support/accounts';
import { expect, test } from './fixtures';
import { payPalStandInUrl } from './support/e2e-port';

// The PayPal stand-in the E2E server uses (playwright.config.ts): its JS SDK stand-in is served at /sdk/js.
const sdkUrl = `${payPalStandInUrl()}/sdk/js`;

test('the JS SDK stand-in walks createSubscription → approval → onApprove in Chromium', async ({
  page,
  baseURL,
}) => {
  const user = await createAccount(baseURL!, uniqueEmail('sdk'));
  await page.goto('/');
  await page.addScriptTag({
    url: `${sdkUrl}?client-id=AZsandboxClientId-stand-in&vault=true&intent=subscription`,
  });
  await page.evaluate((token) => {
    const xsrf = /(?:^|; )XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '';
    const call = async (path: string, body: unknown) => {
      const reply = await fetch(path, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'x-xsrf-token': xsrf,
        },
        body: JSON.stringify(body),
      });
      return (await reply.json()) as Record<string, string>;
    };
    const host = document.createElement('div');
    const outcome = document.createElement('output');
    outcome.setAttribute('aria-label', 'Outcome');
    document.body.append(host, outcome);
    const { paypal } = window as unknown as {
      paypal: { Buttons(options: Record<string, unknown>): { render(element: Element): Promise<void> } };
    };
    return paypal
      .Buttons({
        createSubscription: async () =>
          (await call('/api/v1/subscriptions', { plan: 'weekly' })).subscription_id,
        onApprove: async ({ subscriptionID }: { subscriptionID: string }) => {
          const confirmed = await call('/api/v1/subscriptions/confirm', { subscription_id: subscriptionID });
          outcome.textContent = `${confirmed.plan} ${confirmed.status}`;
        },
        onError: (error: Error) => {
          outcome.textContent = `error: ${error.message}`;
        },
      })
      .render(host);
  }, user.auth_token);
  await page.getByRole('button', { name: 'Subscribe with PayPal' }).click();
  await expect(page.getByLabel('Outcome')).toHaveText('weekly ACTIVE');
});
