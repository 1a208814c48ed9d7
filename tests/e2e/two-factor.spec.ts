import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';
import { createAccount, PASSWORD, signIn, signInFromLogin, uniqueEmail } from './support/accounts';
import { totpCode } from '../support/totp';

/** The code of the moment, to turn two-step sign-in on. */
const currentCode = (secret: string) => totpCode(secret, Date.now());

/**
 * The code for signing in after that: a used code is refused, and the current one may still be the one that
 * turned it on. The next step's code is always later, and the server allows one step of drift.
 */
const nextCode = (secret: string) => totpCode(secret, Date.now() + 30_000);

test.describe('two-step sign-in', () => {
  test('turn it on, sign in with a code, then with a recovery code, and turn it off', async ({
    page,
    baseURL,
  }) => {
    const email = uniqueEmail('totp');
    await createAccount(baseURL!, email);
    await signInFromLogin(page, email);
    await page.goto('/account#security');
    const panel = page.getByRole('region', { name: 'Two-step sign-in' });
    await expect(panel.getByText(/Two-step sign-in is off\./)).toBeVisible();

    // Set up, once asked for: the password, the QR code and its key, a code from the "app".
    await panel.getByRole('button', { name: 'Set up two-step sign-in' }).click();
    await panel.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await panel.getByRole('button', { name: 'Set up two-step sign-in' }).click();
    await expect(
      panel.getByRole('img', { name: 'QR code to scan with your authenticator app' }),
    ).toBeVisible();
    const secret = (await panel.getByLabel('Set-up key').innerText()).replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await panel.getByLabel('2. Enter the 6-digit code the app shows').fill(currentCode(secret));
    await panel.getByRole('button', { name: 'Turn on two-step sign-in' }).click();

    // The recovery codes, shown once, with a download.
    const list = panel.getByRole('list', { name: 'Your recovery codes' });
    await expect(list.getByRole('listitem')).toHaveCount(10);
    const recoveryCodes = await list.getByRole('listitem').allInnerTexts();
    const downloading = page.waitForEvent('download');
    await panel.getByRole('button', { name: 'Download the codes' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('recovery-codes.txt');
    const saved = readFileSync((await download.path())!, 'utf8');
    for (const code of recoveryCodes) expect(saved).toContain(code);
    await panel.getByRole('button', { name: 'I have saved my recovery codes' }).click();
    await expect(page.getByRole('region', { name: 'Recovery codes' })).toContainText(
      '10 recovery codes are left.',
    );

    // Sign in again: the password, then the code.
    await page.getByRole('button', { name: 'Logout', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/login');
    await signIn(page, email);
    const codeField = page.getByLabel('Code from your authenticator app');
    await expect(codeField).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await codeField.fill(nextCode(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL('/account');

    // And with a recovery code instead.
    await page.getByRole('button', { name: 'Logout', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/login');
    await signIn(page, email);
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL('/account');
    await page.goto('/account#security');
    await expect(page.getByRole('region', { name: 'Recovery codes' })).toContainText(
      '9 recovery codes are left.',
    );

    // Turning it off says first what changes, then confirms.
    await panel.getByRole('button', { name: 'Turn off two-step sign-in' }).click();
    await expect(panel.getByText(/your password alone will sign in to your account/)).toBeVisible();
    await panel.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await panel.getByRole('button', { name: 'Yes, turn off two-step sign-in' }).click();
    await expect(
      panel.getByText(
        'Two-step sign-in is off. Your password alone now signs in, and your recovery codes no longer work.',
      ),
    ).toBeVisible();
  });

  test("shows the server's message for a wrong code at sign-in", async ({ page, baseURL }) => {
    const email = uniqueEmail('totp-wrong');
    const user = await createAccount(baseURL!, email);
    const post = (path: string, body: object) =>
      fetch(`${baseURL}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${user.auth_token}` },
        body: JSON.stringify(body),
      });
    const { secret } = (await (await post('/api/v1/two_factor/setup', { password: PASSWORD })).json()) as {
      secret: string;
    };
    expect((await post('/api/v1/two_factor/enable', { code: currentCode(secret) })).status).toBe(200);

    await page.goto('/login');
    await signIn(page, email);
    const right = nextCode(secret);
    await page.getByLabel('Code from your authenticator app').fill(right === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(
      page.getByText(
        'That code is not right. Check the code your authenticator app shows now, or use a recovery code.',
      ),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });
});
