import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { sessionStore, USER_STORAGE_KEY } from '@/lib/session-store';
import { heldReply, stubApi } from '@/test/fetch-stub';
import { accountPageReads, signedInMe, signedInUser } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

// The settings area's chunk is large for a test runner's first transform on a busy machine: loaded once
// here, so the screens below wait for routing, not for the transform.
beforeAll(async () => {
  await import('./account-pages');
});

describe('the routes', () => {
  it.each([
    ['/login', 'Sign in'],
    ['/signup', 'Create your account'],
    ['/reset-password', 'Forgot your password?'],
    ['/change-password/abc', 'Choose a new password'],
    ['/delete-account', 'Delete your account'],
  ])('load %s lazily, with its screen', async (path, heading) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it('sends a visitor without a user from /account to sign-in, and back to /account after it', async () => {
    stubApi((call) =>
      call.path === '/api/v1/me' ? { status: 200, body: signedInMe } : { status: 200, body: signedInUser },
    );
    renderApp('/account');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('E-mail'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Your account' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'E-mail address' })).toHaveTextContent(
      'ada@example.com',
    );
  });

  it('logs out: revokes the token on the server, clears memory and local storage, and goes home', async () => {
    sessionStore.setUser(signedInUser);
    const calls = stubApi((call) => accountPageReads(call) ?? { status: 204 });
    renderApp('/account');
    await screen.findByRole('heading', { name: 'Your account' });
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Welcome !' })).toBeInTheDocument();
    expect(calls).toContainEqual(
      expect.objectContaining({
        method: 'POST',
        path: '/api/v1/logout',
        headers: expect.objectContaining({ Authorization: 'Bearer token-of-ada' }),
      }),
    );
    expect(sessionStore.getUser()).toBeNull();
    expect(window.localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
  });

  it('takes the push of its own Logout, which comes before the reply, as its own: home, and no notice', async () => {
    sessionStore.setUser(signedInUser);
    const held = heldReply({ status: 204 });
    stubApi((call) => accountPageReads(call) ?? held.promise);
    renderApp('/account');
    await screen.findByRole('heading', { name: 'Your account' });
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    // The server revokes the token and pushes `signed_out` to it before it answers.
    act(() => sessionStore.signOut({ reason: 'signed_out', token: signedInUser.auth_token }));
    expect(screen.getByRole('heading', { name: 'Your account' })).toBeInTheDocument();
    held.release();
    expect(await screen.findByRole('heading', { name: 'Welcome !' })).toBeInTheDocument();
    expect(sessionStore.getUser()).toBeNull();
    expect(sessionStore.getNotice()).toBeNull();
  });

  it('signs the page out on a 401 from any call, and the guard then asks to sign in', async () => {
    sessionStore.setUser(signedInUser);
    stubApi(() => ({ status: 401, body: { error: 'invalid_token', message: 'Please sign in again.' } }));
    renderApp('/account');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    await waitFor(() => expect(window.localStorage.getItem(USER_STORAGE_KEY)).toBeNull());
  });
});
