import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '@/lib/session-store';
import { signedInUser } from '@/test/fixtures';
import { renderScreen } from '@/test/render-screen';
import { HomeScreen } from './home-screen';

describe('the home screen (DESIGN 6 and 15)', () => {
  it('says what is sold under the title and the name, with buttons to sign up and to see the plans', () => {
    renderScreen(<HomeScreen />, { url: '/' });
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome !' })).toBeInTheDocument();
    expect(screen.getByText('Moo')).toBeInTheDocument();
    expect(screen.getByText('Fresh milk from happy cows, at your door every morning.')).toBeInTheDocument();
    const signUp = screen.getByRole('link', { name: 'Create an account' });
    expect(signUp).toHaveAttribute('href', '/signup');
    expect(signUp.className).toMatch(/\bbg-blue-700\b/);
    const plans = screen.getByRole('link', { name: 'See the plans' });
    expect(plans).toHaveAttribute('href', '/pricing');
    expect(plans.className).toMatch(/\bborder-slate-500\b/);
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  it('leads a signed-in person to their account instead of sign-up', () => {
    sessionStore.setUser(signedInUser);
    renderScreen(<HomeScreen />, { url: '/' });
    expect(screen.getByRole('link', { name: 'Go to your account' })).toHaveAttribute('href', '/account');
    expect(screen.queryByRole('link', { name: 'Create an account' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the plans' })).toBeInTheDocument();
  });
});
