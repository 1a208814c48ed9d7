import { render, screen } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RouteErrorBoundary } from './route-error-boundary';

describe('RouteErrorBoundary', () => {
  it('offers a reload instead of a blank page when a screen cannot be fetched', async () => {
    const Broken = lazy(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    render(
      <MemoryRouter>
        <RouteErrorBoundary>
          <Suspense fallback={<p>Loading</p>}>
            <Broken />
          </Suspense>
        </RouteErrorBoundary>
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { name: 'This page could not be loaded' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeInTheDocument();
  });
});
