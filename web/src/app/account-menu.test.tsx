import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SubscriptionJson } from '@contract/subscriptions';
import { accountEvents } from '@/lib/account-events';
import { sessionStore } from '@/lib/session-store';
import { stubApi } from '@/test/fetch-stub';
import { activeSubscription, signedInUser } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const weekly: SubscriptionJson = { ...activeSubscription, id: 'I-WEEKLY1', plan: 'weekly' };

/** The server: the subscription the menu reads; every other call of the pages behind it fails quietly. */
function server(subscription: SubscriptionJson | null) {
  return stubApi((call) =>
    call.path === '/api/v1/subscription'
      ? { status: 200, body: { subscription, subscriptions: subscription ? [subscription] : [] } }
      : { status: 503 },
  );
}

const toolbar = () => within(screen.getByRole('navigation', { name: 'Main' }));
const menuButton = () => toolbar().findByRole('button', { name: 'Your account: ada@example.com' });

beforeEach(() => sessionStore.setUser(signedInUser));

describe("the toolbar's account menu", () => {
  it('opens on its button, says who is signed in and their plan, and "Your plan" leads to /account/billing', async () => {
    const calls = server(weekly);
    renderApp('/');
    const button = await menuButton();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    // Nothing is read before it is opened.
    expect(calls.filter((call) => call.path === '/api/v1/subscription')).toEqual([]);

    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const menu = document.getElementById(button.getAttribute('aria-controls') ?? '')!;
    expect(menu).toBeVisible();
    expect(menu).toHaveTextContent('Signed in as ada@example.com');
    const plan = await within(menu).findByRole('link', { name: 'Your plan: Weekly' });
    expect(plan).toHaveAttribute('href', '/account/billing');

    await userEvent.click(plan);
    expect(screen.getByRole('status', { name: 'Current location' })).toHaveTextContent('/account/billing');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(menu).not.toBeVisible();
  });

  it('offers the plans to an account without one, and the settings to everyone', async () => {
    server(null);
    renderApp('/');
    await userEvent.click(await menuButton());
    const menu = within(screen.getByText('Signed in as').closest('[id]') as HTMLElement);
    expect(await menu.findByText(/No plan yet\./)).toBeInTheDocument();
    expect(menu.getByRole('link', { name: 'See the plans' })).toHaveAttribute('href', '/pricing');
    expect(menu.getByRole('link', { name: 'Account settings' })).toHaveAttribute('href', '/account');
    expect(menu.queryByRole('link', { name: /Your plan/ })).not.toBeInTheDocument();
  });

  it('follows a subscription_changed push while open', async () => {
    server(null);
    renderApp('/');
    await userEvent.click(await menuButton());
    await screen.findByText(/No plan yet\./);
    act(() => accountEvents.emit({ event: 'subscription_changed', subscription: weekly }));
    expect(screen.getByRole('link', { name: 'Your plan: Weekly' })).toBeInTheDocument();
  });

  it('closes on Escape, giving the focus back to its button, and when the focus leaves it', async () => {
    server(weekly);
    renderApp('/');
    const button = await menuButton();
    await userEvent.click(button);
    await screen.findByRole('link', { name: 'Your plan: Weekly' });
    await userEvent.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();

    await userEvent.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await userEvent.tab();
    expect(await screen.findByRole('link', { name: 'Your plan: Weekly' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('link', { name: 'Account settings' })).toHaveFocus();
    await userEvent.tab();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(toolbar().getByRole('button', { name: 'Logout' })).toHaveFocus();
  });

  it('stays open for a click on its own text, and closes for a click outside it', async () => {
    server(weekly);
    renderApp('/');
    const button = await menuButton();
    await userEvent.click(button);
    await userEvent.click(screen.getByText('Signed in as'));
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(screen.getByRole('heading', { level: 1, name: 'Welcome !' }));
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });
});
