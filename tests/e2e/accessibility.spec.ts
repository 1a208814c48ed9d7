import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createAccount, signInFromLogin, uniqueEmail } from './support/accounts';
import { expectNoSeriousA11yViolations, expectNoSidewaysScroll } from './support/axe';

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
    path: '/change-password/some-token',
    heading: 'Choose a new password',
    provoke: submit('Change password'),
  },
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

for (const width of [320, 1280]) {
  test.describe(`at ${width} px wide`, () => {
    test.use({ viewport: { width, height: 800 } });

    for (const screen of publicScreens) {
      test(`${screen.path} has no serious accessibility violation and no sideways scrolling`, async ({
        page,
      }) => {
        await check(page, screen);
      });
    }

    test('/account/security has no serious accessibility violation and no sideways scrolling', async ({
      page,
      baseURL,
    }) => {
      const email = uniqueEmail(`a11y-${width}`);
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
