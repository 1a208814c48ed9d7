import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { WEAK_PASSWORD_MESSAGES } from '@contract/password-rules';
import { sessionStore } from '@/lib/session-store';
import { apiError, heldReply, stubApi } from '@/test/fetch-stub';
import { signedInUser } from '@/test/fixtures';
import { renderScreen } from '@/test/render-screen';
import { SignupScreen } from './signup-screen';

const location = () => screen.getByRole('status', { name: 'Current location' });

async function fillAndSubmit(email: string, password: string) {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByLabelText('E-mail'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Create account' }));
}

describe('the sign-up screen', () => {
  it('explains the password rules before any error, read with the password field', () => {
    renderScreen(<SignupScreen />, { url: '/signup' });
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(/Use 8 to 128 characters/);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says at the password field, as it is typed and before any call, that it is common or made of the e-mail', async () => {
    const calls = stubApi(() => ({ status: 201, body: signedInUser }));
    renderScreen(<SignupScreen />, { url: '/signup' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('E-mail'), 'grace@example.com');
    await user.type(screen.getByLabelText('Password'), 'password');
    expect(await screen.findByText(WEAK_PASSWORD_MESSAGES.common)).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'grace@example.com');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      expect.stringContaining(WEAK_PASSWORD_MESSAGES.sameAsEmail),
    );
    expect(calls).toHaveLength(0);
  });

  it("shows the server's refusal of the password at the field too", async () => {
    stubApi(() => apiError(422, 'weak_password', 'Please choose a stronger password.'));
    renderScreen(<SignupScreen />, { url: '/signup' });
    await fillAndSubmit('ada@example.com', 'a long passphrase');
    expect(await screen.findByRole('alert')).toHaveTextContent('Please choose a stronger password.');
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      expect.stringContaining('Please choose a stronger password.'),
    );
  });

  it('creates the account, signs in, and says so on the next page', async () => {
    const held = heldReply({ status: 201, body: signedInUser });
    const calls = stubApi(() => held.promise);
    renderScreen(<SignupScreen />, { url: '/signup' });
    await fillAndSubmit('ada@example.com', 'a long passphrase');
    expect(screen.getByRole('progressbar', { name: 'Creating your account' })).toBeInTheDocument();
    held.release();
    await waitFor(() => expect(location()).toHaveTextContent(/^\/account$/));
    expect(location().dataset.state).toContain('Your account has been created and you are signed in.');
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/v1/users',
      body: { user: { email: 'ada@example.com', password: 'a long passphrase' } },
    });
    expect(sessionStore.getUser()).toEqual(signedInUser);
  });

  it('returns to the page first asked for', async () => {
    stubApi(() => ({ status: 201, body: signedInUser }));
    renderScreen(<SignupScreen />, { url: '/signup', state: { from: '/pricing' } });
    await fillAndSubmit('ada@example.com', 'a long passphrase');
    await waitFor(() => expect(location()).toHaveTextContent(/^\/pricing$/));
  });

  it("shows the server's reason for a taken e-mail or a weak password, focused", async () => {
    let reply = apiError(409, 'email_taken', 'An account with this e-mail already exists.');
    stubApi(() => reply);
    renderScreen(<SignupScreen />, { url: '/signup' });
    await fillAndSubmit('ada@example.com', 'a long passphrase');
    expect(await screen.findByRole('alert')).toHaveTextContent('An account with this e-mail already exists.');
    expect(screen.getByRole('alert')).toHaveFocus();
    reply = apiError(422, 'weak_password', 'This password is too common.');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This password is too common.');
    expect(sessionStore.getUser()).toBeNull();
  });

  it('asks for what is missing without calling the server', async () => {
    const calls = stubApi(() => ({ status: 500 }));
    renderScreen(<SignupScreen />, { url: '/signup' });
    await fillAndSubmit('', '');
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter your e-mail address.');
    await fillAndSubmit('ada@example.com', '');
    expect(screen.getByRole('alert')).toHaveTextContent('Please choose a password.');
    expect(calls).toEqual([]);
  });

  it('links to sign-in', () => {
    renderScreen(<SignupScreen />, { url: '/signup' });
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });
});
