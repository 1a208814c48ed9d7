import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { matchWebRoute, WEB_ROUTES } from '@contract/web-routes';
import { renderApp } from '@/test/render-app';
import { testConfig } from '@/test/render-screen';
import { routes } from './router';

const descriptions = () => document.head.querySelectorAll<HTMLMetaElement>('meta[name="description"]');

describe("the page's title and description", () => {
  it('name the page shown, and follow the app as it navigates', async () => {
    renderApp('/');
    expect(document.title).toBe('Moo');
    expect(descriptions()).toHaveLength(1);
    // Home's is what is sold, APP_DESCRIPTION (the server writes the same into the page it sends).
    expect(descriptions()[0]?.content).toBe(testConfig.appDescription);

    // Sign-up starts no work of its own that could outlive the test.
    await userEvent.click(screen.getByRole('link', { name: 'Create an account' }));
    await screen.findByRole('heading', { level: 1, name: 'Create your account' });
    expect(document.title).toBe('Create your account · Moo');
    expect(descriptions()).toHaveLength(1);
    expect(descriptions()[0]?.content).toBe(WEB_ROUTES.signup.description);
  });

  it('say so on a path the app has no page for', () => {
    renderApp('/no/such/page');
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(document.title).toBe('Page not found · Moo');
  });
});

describe('the route list of contract/web-routes.ts', () => {
  it("is the router's list of pages: one route each, and the not-found page for the rest", () => {
    const pages = routes[0]?.children?.map((route) => route.path);
    expect(pages).toEqual([...Object.values(WEB_ROUTES).map((route) => route.path), '*']);
  });

  // The server answers 200 or 404 with matchWebRoute; the browser then shows what the router matches.
  it.each([
    '/',
    '/login',
    '/LOGIN',
    '/login/',
    '/login//',
    '/login/x',
    '/change-password/abc',
    '/change-password/a%2Fb',
    '/change-password/',
    '/change-password/a/b',
    '/confirm-email/t%C3%A9',
    '/confirm-email/%E0%A4%A',
    '/account',
    '/account/security',
    '/pricing.html',
    '//login',
    '/nowhere',
  ])('matches %s as the router does', (path) => {
    const leaf = matchRoutes(routes, path)?.at(-1)?.route.path;
    const byRouter = Object.entries(WEB_ROUTES).find(([, route]) => route.path === leaf)?.[0];
    expect(matchWebRoute(path)).toBe(byRouter);
  });
});
