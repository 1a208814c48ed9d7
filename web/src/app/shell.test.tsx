import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { PageConfigProvider } from '../lib/page-config-context';
import { sessionStore } from '../lib/session-store';
import { AppRoutes } from './router';

const config = {
  appName: 'Moo',
  supportEmail: 'help@moo.example',
  paypalClientId: '',
  paypalEnvironment: 'production',
  cableUrl: '/cable',
  apiBase: 'http://localhost',
};

function renderAt(path: string) {
  render(
    <PageConfigProvider value={config}>
      <MemoryRouter initialEntries={[path]} useTransitions={false}>
        <AppRoutes />
      </MemoryRouter>
    </PageConfigProvider>,
  );
}

beforeEach(() => sessionStore.clear());

describe('the shell', () => {
  it('shows the logo linking home, the app name, and no Logout without a user', async () => {
    renderAt('/');
    expect(await screen.findByRole('heading', { name: 'Welcome !' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Moo home' })).toHaveAttribute('href', '/');
    expect(screen.getAllByText('Moo').length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
  });

  it('shows Logout when a user with an auth_token is present', async () => {
    sessionStore.setUser({ id: 1, email: 'a@b.c', auth_token: 't', role: 0, created_at: '' });
    renderAt('/');
    expect(await screen.findByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('shows a not-found page for unknown paths', async () => {
    renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });
});
