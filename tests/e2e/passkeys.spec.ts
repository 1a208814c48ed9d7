import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { expect, test } from './fixtures';
import { createAccount, signInFromLogin, uniqueEmail } from './support/accounts';
import { addVirtualAuthenticator } from './support/virtual-authenticator';

test.describe('passkeys', () => {
  test('add a passkey on /account, sign out, and sign in with it on /login', async ({ page, baseURL }) => {
    const email = uniqueEmail('passkey');
    await createAccount(baseURL!, email);
    await addVirtualAuthenticator(page);

    await signInFromLogin(page, email);
    // The old one-page anchor leads to the page that holds passkeys now.
    await page.goto('/account#security');
    await expect(page).toHaveURL('/account/security');
    const panel = page.getByRole('region', { name: 'Passkeys' });
    await expect(panel.getByText('You have no passkeys yet.')).toBeVisible();
    await panel.getByRole('button', { name: 'Add a passkey' }).click();
    await panel.getByLabel('Name of the new passkey (optional)').fill('Test laptop');
    await panel.getByRole('button', { name: 'Add a passkey' }).click();
    await expect(panel.getByText('Passkey “Test laptop” added.', { exact: false })).toBeVisible();
    await expect(panel.getByRole('list', { name: 'Your passkeys' }).getByText('Test laptop')).toBeVisible();

    await panel.getByRole('button', { name: 'Rename Test laptop' }).click();
    await panel.getByLabel('New name').fill('Home laptop');
    await panel.getByRole('button', { name: 'Save name' }).click();
    await expect(panel.getByRole('list', { name: 'Your passkeys' }).getByText('Home laptop')).toBeVisible();

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);

    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto('/account');
    await expect(page.getByRole('region', { name: 'E-mail address' }).getByText(email)).toBeVisible();
    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Security' }).click();
    await expect(panel.getByText(/last used/)).toBeVisible();

    await panel.getByRole('button', { name: 'Remove Home laptop' }).click();
    await expect(panel.getByText(/Removing “Home laptop” means it can no longer sign in/)).toBeVisible();
    await panel.getByRole('button', { name: 'Remove passkey' }).click();
    await expect(panel.getByText('Passkey “Home laptop” removed: it can no longer sign in.')).toBeVisible();
    await expect(panel.getByText('You have no passkeys yet.')).toBeVisible();
  });

  test("shows the server's message when the passkey is not one of this site's", async ({ page }) => {
    const { cdp, authenticatorId } = await addVirtualAuthenticator(page);
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
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(
      page.getByText('This passkey could not be verified. Please try again, or sign in with your password.'),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });
});
