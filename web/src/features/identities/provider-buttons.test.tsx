import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OIDC_ERROR_CODES } from '@contract/identity-errors';
import { stubApi } from '@/test/fetch-stub';
import { renderScreen } from '@/test/render-screen';
import { goTo } from './api/providers';
import { ProviderButtons } from './provider-buttons';

const PROVIDERS = [
  { id: 'google', name: 'Google', available: true },
  { id: 'apple', name: 'Apple', available: true },
];

afterEach(() => vi.restoreAllMocks());

describe('the provider buttons of /login and /signup (DESIGN 14)', () => {
  it('offers a button per configured provider that starts its flow with the return path', async () => {
    stubApi(() => ({ status: 200, body: { providers: PROVIDERS } }));
    const assign = vi.spyOn(goTo, 'assign').mockImplementation(() => undefined);
    renderScreen(<ProviderButtons returnTo="/pricing" />, { url: '/login' });
    await userEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    expect(assign).toHaveBeenCalledWith('/auth/google/start?return_to=%2Fpricing');
    expect(screen.getByRole('button', { name: 'Continue with Apple' })).toBeEnabled();
  });

  it("shows Google's and Apple's marks, hidden from assistive technology, and a plain button for others", async () => {
    stubApi(() => ({
      status: 200,
      body: { providers: [...PROVIDERS, { id: 'okta', name: 'Okta', available: true }] },
    }));
    renderScreen(<ProviderButtons />, { url: '/login' });
    const google = await screen.findByRole('button', { name: 'Continue with Google' });
    expect(google.querySelector('svg[aria-hidden="true"]')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Continue with Apple' }).querySelector('svg')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Continue with Okta' }).querySelector('svg')).toBeNull();
  });

  it('shows nothing when the server offers no provider', async () => {
    const calls = stubApi(() => ({ status: 200, body: { providers: [] } }));
    renderScreen(<ProviderButtons />, { url: '/login' });
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it('says a provider that cannot be reached is down, and its button cannot be pressed', async () => {
    stubApi(() => ({ status: 200, body: { providers: [{ id: 'corp', name: 'Corp', available: false }] } }));
    renderScreen(<ProviderButtons />, { url: '/login' });
    const button = await screen.findByRole('button', { name: 'Continue with Corp' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(
      'Corp cannot be reached right now. Please try again in a few minutes.',
    );
  });

  it.each([
    ['oidc_failed', 'Signing in with Google did not work. Please try again.'],
    [
      'oidc_email_unverified',
      'Google has not confirmed your e-mail address, so it cannot sign you in here. Confirm it at Google, or sign in another way.',
    ],
    [
      'oidc_account_exists',
      'This e-mail already has an account. Sign in, then connect Google from your account page.',
    ],
    ['oidc_cancelled', 'Signing in with Google was cancelled.'],
    [
      'oidc_unavailable',
      'Google cannot be reached right now. Please try again in a few minutes, or sign in another way.',
    ],
  ])('shows ?error=%s as its sentence', async (code, sentence) => {
    stubApi(() => ({ status: 200, body: { providers: PROVIDERS } }));
    renderScreen(<ProviderButtons />, { url: `/login?error=${code}&provider=google` });
    expect(await screen.findByRole('alert')).toHaveTextContent(sentence);
  });

  it('has a sentence for every code the callback can send', () => {
    expect(OIDC_ERROR_CODES).toEqual([
      'oidc_failed',
      'oidc_email_unverified',
      'oidc_account_exists',
      'oidc_cancelled',
      'oidc_identity_taken',
      'oidc_unavailable',
      'oidc_link_expired',
    ]);
  });

  it('says something true of a code it does not know', async () => {
    stubApi(() => ({ status: 200, body: { providers: PROVIDERS } }));
    renderScreen(<ProviderButtons />, { url: '/login?error=oidc_new_kind&provider=apple' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Signing in with Apple did not work. Please try again.',
    );
  });
});
