import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter, Outlet, useRoutes, type RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { withLazyRoutes } from './lazy-routes';

function Routes({ routes }: { routes: RouteObject[] }) {
  return <Suspense fallback={<p>Loading</p>}>{useRoutes(routes)}</Suspense>;
}

describe('withLazyRoutes', () => {
  it("loads a route's Component on first visit only, nested routes included", async () => {
    const load = vi.fn(async () => ({ Component: () => <h1>Prices</h1> }));
    const routes = withLazyRoutes([
      { path: '/', element: <Outlet />, children: [{ path: 'pricing', lazy: load }] },
    ]);
    render(
      <MemoryRouter initialEntries={['/']}>
        <Routes routes={routes} />
      </MemoryRouter>,
    );
    expect(load).not.toHaveBeenCalled();
    render(
      <MemoryRouter initialEntries={['/pricing']}>
        <Routes routes={routes} />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { name: 'Prices' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledOnce();
  });

  it('refuses forms it cannot honour, loudly at start rather than as an empty page', () => {
    expect(() => withLazyRoutes([{ path: '/x', element: <p />, lazy: async () => ({}) }])).toThrow(/lazy/);
  });
});
