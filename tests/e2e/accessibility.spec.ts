import type { Page } from '@playwright/test';
import { WEAK_PASSWORD_MESSAGES } from '../../contract/password-rules';
import { expect, test } from './fixtures';
import { createAccount, signInFromLogin, uniqueEmail } from './support/accounts';
import { expectNoSeriousA11yViolations, expectNoSidewaysScroll } from './support/axe';
import { linkIn, waitForMail } from './support/mailbox';

interface Screen {
  path: string;
  heading: string;
  /** Puts the screen in its message state (a refusal), so the message is checked too. */
  provoke?: (page: Page) => Promise<void>;
}

const submit = (name: string) => (page: Page) => page.getByRole('button', { name, exact: true }).click();

const publicScreens: Screen[] = [
  { path: '/', heading: 'Welcome !' },
  { path: '/login', heading: 'Sign in', provoke: submit('Sign in') },
  { path: '/signup', heading: 'Create your account', provoke: submit('Create account') },
  { path: '/reset-password', heading: 'Forgot your password?', provoke: submit('Send the link') },
  {
    // A link that cannot work says so as it opens, with no form (decision 168): that message is the state.
    path: '/change-password/some-token',
    heading: 'Choose a new password',
    provoke: (page) => page.getByRole('alert').waitFor(),
  },
  {
    // The verification link confirms on its button's press, and a dead one says so then (decision 179).
    path: '/verify-email/some-token',
    heading: 'Verify your e-mail address',
    provoke: submit('Confirm my e-mail address'),
  },
  { path: '/pricing', heading: 'Pricing' },
  { path: '/delete-account', heading: 'Delete your account', provoke: submit('Delete Account') },
  { path: '/no/such/page', heading: 'Page not found' },
];

async function check(page: Page, screen: Screen) {
  await page.goto(screen.path);
  await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
  await expectNoSeriousA11yViolations(page, screen.path);
  await expectNoSidewaysScroll(page, screen.path);
  if (screen.provoke) {
    await screen.provoke(page);
    await expect(page.getByRole('alert')).toBeVisible();
    await expectNoSeriousA11yViolations(page, `${screen.path} showing a message`);
    await expectNoSidewaysScroll(page, `${screen.path} showing a message`);
  }
}

// Light, then dark (prefers-color-scheme, decision 164): the same screens, the same checks.
for (const scheme of ['light', 'dark'] as const)
  for (const width of [320, 1280]) {
    test.describe(`at ${width} px wide${scheme === 'dark' ? ' in dark mode' : ''}`, () => {
      test.use({ viewport: { width, height: 800 } });
      test.beforeEach(async ({ page }) => {
        await page.emulateMedia({ colorScheme: scheme });
      });

      for (const screen of publicScreens) {
        test(`${screen.path} has no serious accessibility violation and no sideways scrolling`, async ({
          page,
        }) => {
          await check(page, screen);
        });
      }

      test('the form of a live reset link has no serious accessibility violation and no sideways scrolling', async ({
        page,
        baseURL,
      }) => {
        const email = uniqueEmail(`a11y-reset-${scheme}-${width}`);
        await createAccount(baseURL!, email);
        const asked = await fetch(`${baseURL}/api/v2/reset_password`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.200' },
          body: JSON.stringify({ email }),
        });
        expect(asked.status).toBe(204);
        const link = linkIn((await waitForMail(email, /reset/i)).text, /\/change-password\//);
        await check(page, {
          path: new URL(link).pathname,
          heading: 'Choose a new password',
          provoke: submit('Change password'),
        });
      });

      test('/account with the banner of an unconfirmed address has no serious accessibility violation and no sideways scrolling', async ({
        page,
        baseURL,
      }) => {
        const email = uniqueEmail(`a11y-unverified-${scheme}-${width}`);
        await createAccount(baseURL!, email, undefined, { verified: false });
        await signInFromLogin(page, email);
        await check(page, { path: '/account', heading: 'Your account', provoke: submit('Confirm') });
      });

      test('/account/security has no serious accessibility violation and no sideways scrolling', async ({
        page,
        baseURL,
      }) => {
        const email = uniqueEmail(`a11y-${scheme}-${width}`);
        await createAccount(baseURL!, email);
        await signInFromLogin(page, email);
        await check(page, {
          path: '/account/security',
          heading: 'Security',
          provoke: async (form) => {
            await submit('Change password')(form);
            await submit('Continue')(form);
          },
        });
      });
    });
  }

test('a password is shown and hidden again from the keyboard, and a weak new one is named at its field as it is typed', async ({
  page,
}) => {
  await page.goto('/signup');
  await page.getByLabel('E-mail').fill('grace@example.com');
  const password = page.getByLabel('Password', { exact: true });
  const toggle = page.getByRole('button', { name: 'Show password', exact: true });
  await password.focus();
  await page.keyboard.type('password');
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(password).toHaveAccessibleDescription(new RegExp(`${WEAK_PASSWORD_MESSAGES.common}$`));
  await expectNoSeriousA11yViolations(page, '/signup with a weak password typed');

  await page.keyboard.press('Tab');
  await expect(toggle).toBeFocused();
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await page.keyboard.press('Space');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(password).toHaveAttribute('type', 'text');
  await expect(password).toHaveValue('password');
  await expectNoSeriousA11yViolations(page, '/signup with the password shown');
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await expect(password).toHaveAttribute('type', 'password');

  await password.fill('a quiet meadow at dawn');
  await expect(password).not.toHaveAttribute('aria-invalid');
  await expect(page.getByText(WEAK_PASSWORD_MESSAGES.common)).toHaveCount(0);
});

test("'Skip to content' is the first thing Tab reaches, and a route change puts focus on the new page's heading", async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome !' })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/ with the skip link shown');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Create an account', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeFocused();
});

test('the page follows prefers-color-scheme: dark turns the background and text over, light leaves them be', async ({
  page,
}) => {
  const colours = () =>
    page.evaluate(() => {
      const { backgroundColor, color } = getComputedStyle(document.body);
      return { backgroundColor, color };
    });
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await page.emulateMedia({ colorScheme: 'light' });
  const light = await colours();
  await page.emulateMedia({ colorScheme: 'dark' });
  const dark = await colours();
  // slate-50 on slate-900 in light; in dark the same classes read slate-950 and slate-100.
  expect(light).toEqual({
    backgroundColor: 'oklch(0.984 0.003 247.858)',
    color: 'oklch(0.208 0.042 265.755)',
  });
  expect(dark).toEqual({
    backgroundColor: 'oklch(0.129 0.042 264.695)',
    color: 'oklch(0.968 0.007 247.896)',
  });
});
