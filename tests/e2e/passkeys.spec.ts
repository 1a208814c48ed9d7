import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createAccount, PASSWORD, signInFromLogin, uniqueEmail } from './support/accounts';
import { addVirtualAuthenticator } from './support/virtual-authenticator';

const passkeysOf = (page: Page) => page.getByRole('region', { name: 'Passkeys' });

/** Notes each passkey request the page makes with conditional mediation (the e-mail field's autofill). */
async function watchConditionalRequests(page: Page) {
  await page.addInitScript(() => {
    const counted = window as unknown as { conditionalRequests: number };
    const get = navigator.credentials.get.bind(navigator.credentials);
    counted.conditionalRequests = 0;
    navigator.credentials.get = (options?: CredentialRequestOptions) => {
      if (options?.mediation === 'conditional') counted.conditionalRequests += 1;
      return get(options);
    };
  });
}

const conditionalRequestStarted = (page: Page) =>
  page.waitForFunction(() => (window as unknown as { conditionalRequests: number }).conditionalRequests > 0);

/** Signs in with the password and adds a passkey without a name on /account/security. */
async function addPasskeyWithoutName(page: Page, email: string) {
  await signInFromLogin(page, email);
  await page.goto('/account/security');
  const panel = passkeysOf(page);
  await expect(panel.getByText('You have no passkeys yet.')).toBeVisible();
  await panel.getByRole('button', { name: 'Add a passkey' }).click();
  await panel.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(panel.getByText(/^Passkey “.+” added\./)).toBeVisible();
  return panel;
}

/** What the browser itself would have said: never shown (issue #27). */
const BROWSER_TEXT = /w3\.org|timed out or was not allowed|NotAllowedError|InvalidStateError/;

test.describe('passkeys', () => {
  test('a new passkey is named after this device as the Devices list names it, renamed, used, removed', async ({
    page,
    baseURL,
  }) => {
    const email = uniqueEmail('passkey');
    await createAccount(baseURL!, email);
    await addVirtualAuthenticator(page);
    const panel = await addPasskeyWithoutName(page, email);
    const list = panel.getByRole('list', { name: 'Your passkeys' });
    const named = (await list.getByRole('listitem').locator('p').first().innerText()).trim();

    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Devices' }).click();
    const thisDevice = page
      .getByRole('list', { name: 'Your devices' })
      .getByRole('listitem')
      .filter({ hasText: 'This device' });
    const label = (await thisDevice.locator('span').first().innerText()).trim();
    expect(label).toBe('Chrome on Linux');
    expect(named).toBe(label);

    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Security' }).click();
    await panel.getByRole('button', { name: `Rename ${label}` }).click();
    await panel.getByLabel('New name').fill('Home laptop');
    await panel.getByRole('button', { name: 'Save name' }).click();
    await expect(list.getByText('Home laptop')).toBeVisible();

    await page.getByRole('button', { name: 'Logout', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    // The e-mail field's autofill offers the passkey; Chromium's virtual authenticator answers a waiting
    // conditional request by itself, as a person picking the one passkey offered would.
    await page.goto('/login');
    await expect(page).toHaveURL('/account');
    await expect(page.getByRole('region', { name: 'E-mail address' }).getByText(email)).toBeVisible();
    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Security' }).click();
    await expect(panel.getByText(/last used/)).toBeVisible();

    await panel.getByRole('button', { name: 'Remove Home laptop' }).click();
    await expect(panel.getByText(/Removing “Home laptop” means it can no longer sign in/)).toBeVisible();
    // The account's last passkey: removing it asks for the password (DESIGN 13).
    await panel.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await panel.getByRole('button', { name: 'Remove passkey' }).click();
    await expect(panel.getByText('Passkey “Home laptop” removed: it can no longer sign in.')).toBeVisible();
    await expect(panel.getByText('You have no passkeys yet.')).toBeVisible();
  });

  test('the e-mail field offers passkeys in its autofill: a conditional request waits while the form shows', async ({
    page,
  }) => {
    await addVirtualAuthenticator(page);
    const asked = page.waitForRequest(
      (request) =>
        request.method() === 'POST' && request.url().endsWith('/api/v1/passkeys/authentication_options'),
    );
    await page.goto('/login');
    await expect(page.getByLabel('E-mail')).toHaveAttribute('autocomplete', 'username webauthn');
    await asked;
    // This device holds no passkey: the request waits, and nothing is said.
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page).toHaveURL('/login');
  });

  test('the passkey button signs in with a passkey that came after the page opened', async ({
    page,
    baseURL,
  }) => {
    const email = uniqueEmail('passkey-button');
    await createAccount(baseURL!, email);
    const { cdp, authenticatorId } = await addVirtualAuthenticator(page);
    await addPasskeyWithoutName(page, email);
    // Kept aside, so the autofill request of the sign-in page finds no passkey and only the button can.
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    await cdp.send('WebAuthn.clearCredentials', { authenticatorId });
    await page.getByRole('button', { name: 'Logout', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);

    await watchConditionalRequests(page);
    await page.goto('/login');
    await conditionalRequestStarted(page);
    await cdp.send('WebAuthn.addCredential', { authenticatorId, credential: credentials[0]! });
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(page).toHaveURL('/account');
  });

  test('signing in with a passkey on a device that holds none says what to do, not what the browser says', async ({
    page,
  }) => {
    await addVirtualAuthenticator(page);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toHaveText(
      'No passkey was used: the request was cancelled or timed out, or this device has no passkey for this site. Try again, or sign in with your e-mail and password.',
    );
    await expect(alert).not.toHaveText(BROWSER_TEXT);
    await expect(page).toHaveURL('/login');
    await expect(page.getByLabel('E-mail')).toBeVisible();
  });

  test('adding a passkey this device already holds for the account says so (InvalidStateError)', async ({
    page,
    baseURL,
  }) => {
    const email = uniqueEmail('passkey-twice');
    await createAccount(baseURL!, email);
    await addVirtualAuthenticator(page);
    const panel = await addPasskeyWithoutName(page, email);
    await panel.getByRole('button', { name: 'Add a passkey' }).click();
    const alert = panel.getByRole('alert');
    await expect(alert).toHaveText(
      'This device already holds a passkey for your account, so there is nothing to add: you can sign in with it now.',
    );
    await expect(alert).not.toHaveText(BROWSER_TEXT);
    await expect(panel.getByText('You have 1 passkey.')).toBeVisible();
  });

  test('a browser without passkeys offers no passkey sign-in, and adding one says what to use instead', async ({
    page,
    baseURL,
  }) => {
    await page.addInitScript(() => {
      Object.defineProperty(window, 'PublicKeyCredential', { value: undefined, configurable: true });
    });
    const email = uniqueEmail('passkey-none');
    await createAccount(baseURL!, email);
    await page.goto('/login');
    await expect(page.getByLabel('E-mail')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toHaveCount(0);
    await signInFromLogin(page, email);
    await page.goto('/account/security');
    const panel = passkeysOf(page);
    await panel.getByRole('button', { name: 'Add a passkey' }).click();
    await panel.getByRole('button', { name: 'Add a passkey' }).click();
    await expect(panel.getByRole('alert')).toHaveText(
      'This browser cannot make passkeys. Use a recent version of Chrome, Edge, Firefox or Safari to add one.',
    );
  });

  test("shows the server's message when the passkey is not one of this site's", async ({ page }) => {
    const { cdp, authenticatorId } = await addVirtualAuthenticator(page);
    await watchConditionalRequests(page);
    await page.goto('/login');
    // Added once the autofill request waits, so the button is what offers it.
    await conditionalRequestStarted(page);
    // A discoverable credential for this site that the server never registered: offered, then refused.
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    await cdp.send('WebAuthn.addCredential', {
      authenticatorId,
      credential: {
        credentialId: randomBytes(16).toString('base64'),
        isResidentCredential: true,
        rpId: 'localhost',
        privateKey: privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
        userHandle: randomBytes(16).toString('base64'),
        signCount: 0,
      },
    });
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(
      page.getByText('This passkey could not be verified. Please try again, or sign in with your password.'),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });
});
