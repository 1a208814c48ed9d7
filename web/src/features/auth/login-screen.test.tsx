import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/lib/session-store';
import { apiError, heldReply, stubApi } from '@/test/fetch-stub';
import { signedInUser } from '@/test/fixtures';
import { renderScreen } from '@/test/render-screen';
import { LoginScreen } from './login-screen';

const location = () => screen.getByRole('status', { name: 'Current location' });

async function fillAndSubmit(email: string, password: string) {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByLabelText('E-mail'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('the sign-in screen', () => {
  it('signs in with e-mail and password, keeps the user, and goes back to the page first asked for', async () => {
    const calls = stubApi(() => ({ status: 200, body: signedInUser }));
    renderScreen(<LoginScreen />, { url: '/login', state: { from: '/account?tab=security' } });
    await fillAndSubmit(' ada@example.com ', 'correct horse');
    await waitFor(() => expect(location()).toHaveTextContent('/account?tab=security'));
    expect(calls).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/api/v1/login',
        body: { session: { email: 'ada@example.com', password: 'correct horse' } },
      }),
    ]);
    expect(sessionStore.getUser()).toEqual(signedInUser);
  });

  it('goes to the account page when no page was asked for', async () => {
    stubApi(() => ({ status: 200, body: signedInUser }));
    renderScreen(<LoginScreen />, { url: '/login' });
    await fillAndSubmit('ada@example.com', 'correct horse');
    await waitFor(() => expect(location()).toHaveTextContent(/^\/account$/));
  });

  it("shows the progress bar while waiting, then the server's message, with focus on it", async () => {
    const held = heldReply(apiError(401, 'invalid_credentials', 'Invalid email or password.'));
    stubApi(() => held.promise);
    renderScreen(<LoginScreen />, { url: '/login' });
    await fillAndSubmit('ada@example.com', 'wrong');
    expect(screen.getByRole('progressbar', { name: 'Signing in' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeDisabled();
    held.release();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Invalid email or password.');
    // Focus moves in an effect after the message is drawn: it must get there, not necessarily in the same turn.
    await waitFor(() => expect(alert).toHaveFocus());
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(sessionStore.getUser()).toBeNull();
    expect(location()).toHaveTextContent(/^\/login$/);
  });

  it('asks for the missing e-mail or password without calling the server', async () => {
    const calls = stubApi(() => ({ status: 500 }));
    renderScreen(<LoginScreen />, { url: '/login' });
    await fillAndSubmit('', 'secret');
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter your e-mail address.');
    await userEvent.clear(screen.getByLabelText('Password'));
    await fillAndSubmit('ada@example.com', '');
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter your password.');
    expect(screen.getByRole('alert')).toHaveFocus();
    expect(calls).toEqual([]);
  });

  it('links to the forgotten-password and sign-up screens', () => {
    renderScreen(<LoginScreen />, { url: '/login' });
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/reset-password');
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/signup');
  });

  it('redeems the code of a /login#auth_token=… link for the session the reply names, and removes it from the address', async () => {
    const held = heldReply({ status: 200, body: { ...signedInUser, auth_token: 'new-session-token' } });
    const calls = stubApi(() => held.promise);
    renderScreen(<LoginScreen />, { url: '/login#auth_token=qr-token' });
    expect(await screen.findByRole('progressbar', { name: 'Signing in' })).toBeInTheDocument();
    await waitFor(() => expect(location()).toHaveTextContent(/^\/login$/));
    held.release();
    await waitFor(() => expect(location()).toHaveTextContent(/^\/account$/));
    expect(calls).toEqual([
      expect.objectContaining({
        path: '/api/v1/login',
        body: { session: { auth_token: 'qr-token', qr: true } },
      }),
    ]);
    expect(sessionStore.token).toBe('new-session-token');
  });

  describe('with someone already signed in', () => {
    const otherUser = { ...signedInUser, id: 9, email: 'bob@example.com', auth_token: 'token-of-bob' };

    it('asks before switching, and on "Stay signed in" keeps the session untouched without a call', async () => {
      sessionStore.setUser(signedInUser);
      const calls = stubApi(() => ({ status: 500 }));
      renderScreen(<LoginScreen />, { url: '/login#auth_token=qr-token', state: { from: '/pricing' } });
      expect(
        await screen.findByText('You are signed in as ada@example.com. Sign in with this code instead?'),
      ).toBeInTheDocument();
      await waitFor(() => expect(location()).toHaveTextContent(/^\/login$/));
      await userEvent.click(screen.getByRole('button', { name: 'Stay signed in' }));
      await waitFor(() => expect(location()).toHaveTextContent(/^\/pricing$/));
      expect(calls).toEqual([]);
      expect(sessionStore.getUser()).toEqual(signedInUser);
    });

    it('on "Sign in with the code" redeems it without the current token, then ends the replaced session', async () => {
      sessionStore.setUser(signedInUser);
      const calls = stubApi((call) =>
        call.path === '/api/v1/login' ? { status: 200, body: otherUser } : { status: 204 },
      );
      renderScreen(<LoginScreen />, { url: '/login#auth_token=qr-token' });
      await userEvent.click(await screen.findByRole('button', { name: 'Sign in with the code' }));
      await waitFor(() => expect(location()).toHaveTextContent(/^\/account$/));
      expect(sessionStore.getUser()).toEqual(otherUser);
      expect(calls).toEqual([
        expect.objectContaining({
          path: '/api/v1/login',
          body: { session: { auth_token: 'qr-token', qr: true } },
        }),
        expect.objectContaining({ method: 'POST', path: '/api/v1/logout' }),
      ]);
      expect(calls[0]?.headers).not.toHaveProperty('Authorization');
      expect(calls[1]?.headers).toMatchObject({ Authorization: 'Bearer token-of-ada' });
    });

    it('keeps the current session when the code is refused', async () => {
      sessionStore.setUser(signedInUser);
      stubApi(() => apiError(401, 'invalid_token', 'This sign-in link is invalid or has expired.'));
      renderScreen(<LoginScreen />, { url: '/login#auth_token=spent' });
      await userEvent.click(await screen.findByRole('button', { name: 'Sign in with the code' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'This sign-in link is invalid or has expired.',
      );
      expect(sessionStore.getUser()).toEqual(signedInUser);
    });
  });

  it('says why a handed-over token failed and leaves the form to sign in with a password', async () => {
    const calls = stubApi(() =>
      apiError(401, 'invalid_token', 'This sign-in link is invalid or has expired.'),
    );
    renderScreen(<LoginScreen />, { url: '/login#auth_token=stale' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This sign-in link is invalid or has expired.',
    );
    expect(screen.getByLabelText('E-mail')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(sessionStore.getUser()).toBeNull();
  });

  it('sends a visitor who is already signed in straight on', async () => {
    sessionStore.setUser(signedInUser);
    renderScreen(<LoginScreen />, { url: '/login', state: { from: '/delete-account' } });
    await waitFor(() => expect(location()).toHaveTextContent(/^\/delete-account$/));
  });
});

describe('passkeys in the e-mail field’s autofill (conditional UI)', () => {
  const buffer = (text: string) => new TextEncoder().encode(text).buffer;

  it('marks the field for passkey autofill and signs in with the passkey picked there', async () => {
    const get = vi.fn(async () => ({
      id: 'cred-1',
      rawId: buffer('cred-1'),
      type: 'public-key',
      authenticatorAttachment: 'platform',
      response: {
        clientDataJSON: buffer('{}'),
        authenticatorData: buffer('auth'),
        signature: buffer('sig'),
        userHandle: buffer('user'),
      },
      getClientExtensionResults: () => ({}),
    }));
    vi.stubGlobal(
      'PublicKeyCredential',
      Object.assign(function PublicKeyCredential() {}, { isConditionalMediationAvailable: async () => true }),
    );
    vi.stubGlobal('navigator', { ...navigator, credentials: { get } });
    const calls = stubApi((call) =>
      call.path === '/api/v1/passkeys/authentication_options'
        ? { status: 200, body: { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost', allowCredentials: [] } }
        : { status: 200, body: signedInUser },
    );
    renderScreen(<LoginScreen />, { url: '/login' });
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('autocomplete', 'username webauthn');
    await waitFor(() => expect(location()).toHaveTextContent(/^\/account$/));
    expect(get).toHaveBeenCalledWith(expect.objectContaining({ mediation: 'conditional' }));
    expect(calls.map((call) => call.path)).toEqual([
      '/api/v1/passkeys/authentication_options',
      '/api/v1/login',
    ]);
    expect(calls[1]?.body).toMatchObject({ session: { passkey: { id: 'cred-1', type: 'public-key' } } });
    expect(sessionStore.getUser()).toEqual(signedInUser);
  });

  it('asks nothing of the server in a browser without passkey autofill', async () => {
    const calls = stubApi(() => ({ status: 200, body: signedInUser }));
    renderScreen(<LoginScreen />, { url: '/login' });
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('autocomplete', 'username webauthn');
    await fillAndSubmit('ada@example.com', 'correct horse');
    await waitFor(() => expect(location()).toHaveTextContent(/^\/account$/));
    expect(calls.map((call) => call.path)).toEqual(['/api/v1/login']);
  });
});
