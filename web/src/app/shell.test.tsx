import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '@/lib/session-store';
import { stubApi } from '@/test/fetch-stub';
import { euroPrices, signedInUser } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

describe('the shell', () => {
  it('shows the logo linking home, the app name, and no Logout without a user', async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Welcome !' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Moo home' })).toHaveAttribute('href', '/');
    expect(screen.getAllByText('Moo').length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
  });

  it('shows Logout when a user with an auth_token is present', async () => {
    sessionStore.setUser(signedInUser);
    renderApp('/');
    expect(await screen.findByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('shows a not-found page for unknown paths', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });

  it("opens /pricing from the toolbar's Pricing link", async () => {
    stubApi(() => ({ status: 200, body: euroPrices }));
    renderApp('/');
    await userEvent.click(await screen.findByRole('link', { name: 'Pricing' }));
    expect(await screen.findByRole('heading', { name: 'Pricing', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('€12.50')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Current location' })).toHaveTextContent('/pricing');
  });

  it('leaves focus alone on the page the document opened with, and moves it to the new heading on a route change', async () => {
    stubApi(() => ({ status: 200, body: euroPrices }));
    renderApp('/');
    const welcome = await screen.findByRole('heading', { name: 'Welcome !', level: 1 });
    expect(welcome).not.toHaveFocus();
    await userEvent.click(screen.getByRole('link', { name: 'See the plans' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Pricing', level: 1 })).toHaveFocus());
  });

  it("has a 'Skip to content' link as the first thing Tab reaches, which moves focus to the page", async () => {
    renderApp('/');
    await screen.findByRole('heading', { name: 'Welcome !' });
    await userEvent.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveFocus();
  });
});
