import { expect, test } from './fixtures';

test.describe('the app shell', () => {
  test('home shows the toolbar with logo and app name, no Logout, and the welcome', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto('/');
    const toolbar = page.getByRole('navigation', { name: 'Main' });
    await expect(toolbar.getByRole('link', { name: 'BullApp home' })).toBeVisible();
    await expect(toolbar.getByText('BullApp', { exact: true })).toBeVisible();
    await expect(toolbar.getByRole('button', { name: 'Logout', exact: true })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Welcome !' })).toBeVisible();
    await expect(page).toHaveTitle('BullApp');
    // The CSP forbids inline script: any violation would show as a console error.
    expect(errors).toEqual([]);
  });

  test('an unknown path shows the not-found page, and its link goes home', async ({ page }) => {
    await page.goto('/this/does/not/exist');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { name: 'Welcome !' })).toBeVisible();
  });

  test('the logo links home from any page', async ({ page }) => {
    await page.goto('/nowhere');
    await page.getByRole('link', { name: 'BullApp home' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome !' })).toBeVisible();
  });
});
