import type { APIRequestContext, Page } from '@playwright/test';
import { WEB_ROUTES } from '../../contract/web-routes';
import { expect, test } from './fixtures';
import { createAccount, signInFromLogin, uniqueEmail } from './support/accounts';

// What Lighthouse's SEO audits and a crawler check on each page: a real status, `lang` on <html>, a <title>
// of its own that names the page ('<Page> · BullApp'), one meta description; in the HTML as sent, before
// any script runs, and again once the app has shown the page.
const APP_NAME = 'BullApp';

/** Every page of the web app at an address of its own; a page whose address carries a token gets one. */
const PAGES = Object.values(WEB_ROUTES)
  // The support console shows to a support agent only (anyone else sees the not-found page): its head is
  // checked by tests/e2e/admin.spec.ts, with an agent.
  .filter((route) => route.path !== WEB_ROUTES.admin.path)
  .map((route) => ({
    path: route.path.replace(/:[\w-]+/g, 'e2e-sample-token'),
    /** The account's pages are guarded: they show to a signed-in person only. */
    signedIn: /^\/account(\/|$)/.test(route.path),
  }));

interface Head {
  lang: string | undefined;
  titles: string[];
  descriptions: string[];
}

/** The head of the HTML as the server sent it. */
async function rawHead(request: APIRequestContext, path: string) {
  const reply = await request.get(path);
  const html = await reply.text();
  const head: Head = {
    lang: /<html\b[^>]*\blang="([^"]+)"/.exec(html)?.[1],
    titles: [...html.matchAll(/<title>([^<]*)<\/title>/g)].map((match) => match[1] ?? ''),
    descriptions: [...html.matchAll(/<meta name="description" content="([^"]*)"/g)].map((m) => m[1] ?? ''),
  };
  return { status: reply.status(), type: reply.headers()['content-type'], html, head };
}

/** The head of the page the browser shows now. */
function liveHead(page: Page): Promise<Head> {
  return page.evaluate(() => ({
    lang: document.documentElement.lang || undefined,
    titles: [document.title],
    descriptions: Array.from(
      document.querySelectorAll<HTMLMetaElement>('meta[name="description"]'),
      (meta) => meta.content,
    ),
  }));
}

const expectedTitle = (heading: string) => (heading === 'Welcome !' ? APP_NAME : `${heading} · ${APP_NAME}`);

test.describe('every page of the web app', () => {
  for (const { path, signedIn } of PAGES) {
    test(`${path}: 200, lang, a title naming its heading and one description, in the HTML as sent`, async ({
      page,
      request,
      baseURL,
    }) => {
      if (signedIn) {
        const email = uniqueEmail('pages');
        await createAccount(baseURL!, email);
        await signInFromLogin(page, email);
      }
      await page.goto(path);
      await expect(page.locator('fieldset[data-prerendered]')).toHaveCount(0);
      const heading = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
      const title = expectedTitle(heading);
      await expect
        .poll(() => liveHead(page))
        .toEqual({ lang: 'en', titles: [title], descriptions: [expect.stringMatching(/\w{3}/)] });
      const live = await liveHead(page);

      const sent = await rawHead(request, path);
      expect(sent.status).toBe(200);
      expect(sent.type).toContain('text/html');
      expect(sent.head).toEqual({ lang: 'en', titles: [title], descriptions: live.descriptions });
    });
  }

  test('have titles and descriptions of their own', async ({ request }) => {
    const heads = await Promise.all(PAGES.map(({ path }) => rawHead(request, path)));
    const titles = heads.map(({ head }) => head.titles[0]);
    const descriptions = heads.map(({ head }) => head.descriptions[0]);
    expect(new Set(titles).size).toBe(PAGES.length);
    expect(new Set(descriptions).size).toBe(PAGES.length);
  });

  test('the title follows the app from page to page, without a reload', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle(APP_NAME);
    await page.getByRole('link', { name: 'Pricing' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Pricing' })).toBeVisible();
    await expect(page).toHaveTitle(`Pricing · ${APP_NAME}`);
    await page.getByRole('link', { name: `${APP_NAME} home` }).click();
    await page.getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveTitle(`Sign in · ${APP_NAME}`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      WEB_ROUTES.login.description,
    );
  });
});

test.describe('an address the web app has no page for', () => {
  for (const path of ['/no/such/page', '/login/extra', '/change-password', '/favicon.png']) {
    test(`${path} answers 404 with the not-found page, before and after the script runs`, async ({
      page,
      request,
    }) => {
      const sent = await rawHead(request, path);
      expect(sent.status).toBe(404);
      expect(sent.type).toContain('text/html');
      expect(sent.html).toContain('Page not found</h1>');
      expect(sent.head).toEqual({
        lang: 'en',
        titles: [`Page not found · ${APP_NAME}`],
        descriptions: [expect.stringMatching(/\w{3}/)],
      });

      const reply = await page.goto(path);
      expect(reply?.status()).toBe(404);
      await expect(page.locator('fieldset[data-prerendered]')).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
      await expect(page).toHaveTitle(`Page not found · ${APP_NAME}`);
    });
  }

  test('under /api answers the JSON 404 of the API', async ({ request }) => {
    const reply = await request.get('/api/v1/no_such_call');
    expect(reply.status()).toBe(404);
    expect(await reply.json()).toEqual({
      error: 'not_found',
      message: 'There is no GET /api/v1/no_such_call here.',
    });
  });
});

test.describe('what crawlers and browsers ask for beside the pages', () => {
  test('robots.txt lets crawlers read the public pages, not the account nor the pages of a token', async ({
    request,
  }) => {
    const reply = await request.get('/robots.txt');
    expect(reply.status()).toBe(200);
    expect(reply.headers()['content-type']).toBe('text/plain; charset=utf-8');
    const disallowed = (await reply.text())
      .split('\n')
      .filter((line) => line.startsWith('Disallow: '))
      .map((line) => line.slice('Disallow: '.length));
    const blocked = (path: string) => disallowed.some((prefix) => path.startsWith(prefix));
    for (const path of ['/account', '/change-password/abc', '/confirm-email/abc', '/api/v1/me'])
      expect(blocked(path), path).toBe(true);
    for (const path of ['/', '/login', '/signup', '/reset-password', '/pricing', '/delete-account'])
      expect(blocked(path), path).toBe(false);
  });

  test("the favicon is the app's logo, linked from every page and at /favicon.ico", async ({
    page,
    request,
  }) => {
    await page.goto('/login');
    const href = await page.locator('link[rel="icon"]').getAttribute('href');
    expect(href).toBe('/favicon.svg');
    const icon = await request.get(href!);
    expect(icon.status()).toBe(200);
    expect(icon.headers()['content-type']).toContain('image/svg+xml');
    expect(await icon.text()).toContain('<svg');
    const ico = await request.get('/favicon.ico');
    expect(ico.url()).toMatch(/\/favicon\.svg$/);
    expect(ico.status()).toBe(200);
  });
});
