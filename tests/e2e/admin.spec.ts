import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, test } from './fixtures';
import { createAccount, signInFromLogin, storedUser, turnOnTwoStep, uniqueEmail } from './support/accounts';
import { addVirtualAuthenticator } from './support/virtual-authenticator';

/** The operator's command, as docs/operations.md says to run it, against the server these tests use. */
function npmRunAdmin(...words: string[]): string {
  const dataDir = process.env.BULLAPP_E2E_DATA_DIR;
  if (!dataDir) throw new Error('BULLAPP_E2E_DATA_DIR is set by playwright.config.ts');
  return execFileSync(process.execPath, ['scripts/admin.mjs', ...words], {
    env: { PATH: process.env.PATH ?? '', DATABASE_URL: `sqlite:${join(dataDir, 'app.sqlite')}` },
    encoding: 'utf8',
  });
}

test.describe('the support console', () => {
  test('an agent signs in with a passkey, finds a person, turns off their two-step sign-in with a reason, and the person’s page updates', async ({
    page,
    browser,
    baseURL,
    request,
  }) => {
    // Two browsers, a passkey, the operator's command and a dozen screens: longer than one page's test.
    test.slow();
    // The person, signed in in a browser of their own, on their security page with two-step sign-in on.
    const personEmail = uniqueEmail('locked-out');
    await createAccount(baseURL!, personEmail);
    const personContext = await browser.newContext();
    const personPage = await personContext.newPage();
    await signInFromLogin(personPage, personEmail);
    await turnOnTwoStep(baseURL!, (await storedUser(personPage))!.auth_token);
    await personPage.goto('/account/security');
    const twoStep = personPage.getByRole('region', { name: 'Two-step sign-in' });
    await expect(twoStep.getByText(/^Two-step sign-in is on/)).toBeVisible();

    // The agent: a passkey added on their account page, named an agent by the operator.
    const agentEmail = uniqueEmail('agent');
    await createAccount(baseURL!, agentEmail);
    const authenticator = await addVirtualAuthenticator(page);
    await signInFromLogin(page, agentEmail);
    await page.goto('/account/security');
    const passkeys = page.getByRole('region', { name: 'Passkeys' });
    await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
    await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
    await expect(passkeys.getByRole('list', { name: 'Your passkeys' })).toBeVisible();
    expect(npmRunAdmin('grant', agentEmail)).toContain(`${agentEmail} is a support agent now.`);
    await page.getByRole('button', { name: 'Logout', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);

    // Signed in with the password alone, the console says it needs two steps. Meanwhile the authenticator does
    // not answer by itself, or it would take the e-mail field's passkey autofill (decision 170) at once.
    await authenticator.cdp.send('WebAuthn.setAutomaticPresenceSimulation', {
      authenticatorId: authenticator.authenticatorId,
      enabled: false,
    });
    await signInFromLogin(page, agentEmail);
    await page.goto('/admin');
    await page.getByLabel('Part of their e-mail address').fill('locked-out');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(
      page.getByText(/The support console needs a session that began with two steps/),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Logout', exact: true }).click();

    // With the passkey: find the person, open their page, turn two-step sign-in off with a reason. The
    // authenticator answers the login page's passkey autofill, as a person picking the one passkey would.
    await authenticator.cdp.send('WebAuthn.setAutomaticPresenceSimulation', {
      authenticatorId: authenticator.authenticatorId,
      enabled: true,
    });
    await page.goto('/login');
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Support console', level: 1 })).toBeVisible();
    // Its own title and description, in the page and in the HTML as sent (tests/e2e/pages.spec.ts's rule).
    await expect(page).toHaveTitle('Support console · BullApp');
    const sent = await (await request.get('/admin')).text();
    expect(sent).toContain('<title>Support console · BullApp</title>');
    expect(sent).toContain(
      '<meta name="description" content="Find a person, see what happened, and help them."',
    );
    await page.getByLabel('Part of their e-mail address').fill(personEmail.slice(0, 20).toUpperCase());
    await page.getByRole('button', { name: 'Search' }).click();
    const found = page.getByRole('list', { name: 'People found' });
    await expect(found.getByText('Two-step sign-in on')).toBeVisible();
    await found.getByRole('link', { name: personEmail }).click();
    await expect(page.getByRole('heading', { name: personEmail })).toBeVisible();

    await page.getByRole('button', { name: 'Turn off two-step sign-in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Turn off two-step sign-in?' });
    await expect(dialog.getByText(`Two-step sign-in is turned off for ${personEmail}`)).toBeVisible();
    await dialog.getByLabel('Reason').fill('too short');
    await dialog.getByRole('button', { name: 'Turn off two-step sign-in' }).click();
    await expect(
      dialog.getByText('Please give a reason of 10 to 500 characters.', { exact: false }),
    ).toBeVisible();
    await dialog.getByLabel('Reason').fill('Lost their phone; identity checked on a call, ticket 31.');
    await dialog.getByRole('button', { name: 'Turn off two-step sign-in' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`Two-step sign-in is off for ${personEmail}.`)).toBeVisible();
    const trail = page.getByRole('list', { name: 'Their audit trail' });
    await expect(trail.getByText('Support turned two-step sign-in off')).toBeVisible();
    await expect(
      trail.getByText(`By ${agentEmail}: “Lost their phone; identity checked on a call, ticket 31.”`),
    ).toBeVisible();

    // The person's page heard it over the push channel: no reload.
    await expect(twoStep.getByText(/^Two-step sign-in is off\./)).toBeVisible();
    await personContext.close();
  });

  test('a member who opens /admin sees the page any unknown address shows', async ({ page, baseURL }) => {
    const email = uniqueEmail('member');
    await createAccount(baseURL!, email);
    await signInFromLogin(page, email);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });
});
