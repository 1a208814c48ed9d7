import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paths } from '@/lib/paths';
import { sessionStore } from '@/lib/session-store';
import { apiError, heldReply, stubApi } from '@/test/fetch-stub';
import { signedInUser } from '@/test/fixtures';
import { renderScreen } from '@/test/render-screen';
import { ChangePasswordScreen } from './change-password-screen';

const route = paths.changePassword;

async function choose(password: string, repeat = password) {
  const user = userEvent.setup();
  if (password) await user.type(screen.getByLabelText('New password'), password);
  if (repeat) await user.type(screen.getByLabelText('Repeat the new password'), repeat);
  await user.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('the change-password screen of a reset link', () => {
  it('sends the token of the link with the new password, then says so and offers sign-in', async () => {
    sessionStore.setUser(signedInUser);
    const held = heldReply({ status: 204 });
    const calls = stubApi(() => held.promise);
    renderScreen(<ChangePasswordScreen />, { url: '/change-password/tok-123_x', route });
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(/Use 8 to 128 characters/);
    await choose('a brand new passphrase');
    expect(screen.getByRole('progressbar', { name: 'Changing your password' })).toBeInTheDocument();
    held.release();
    const status = await screen.findByRole('status', { name: '' });
    expect(status).toHaveTextContent('Your password has been changed. Sign in with your new password.');
    expect(status).toHaveFocus();
    expect(within(status).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    expect(calls).toEqual([
      expect.objectContaining({
        method: 'PUT',
        path: '/api/v2/change_password',
        body: { password_hash: 'tok-123_x', password: 'a brand new passphrase' },
      }),
    ]);
    // Every session was revoked by the change, this browser's included.
    expect(sessionStore.getUser()).toBeNull();
  });

  it('takes the push that ends its own session, before the reply, as its own: no notice', async () => {
    sessionStore.setUser(signedInUser);
    const held = heldReply({ status: 204 });
    stubApi(() => held.promise);
    renderScreen(<ChangePasswordScreen />, { url: '/change-password/tok', route });
    await choose('a brand new passphrase');
    act(() => sessionStore.signOut({ reason: 'signed_out', token: signedInUser.auth_token }));
    expect(sessionStore.getUser()).not.toBeNull();
    held.release();
    await screen.findByText(/Your password has been changed/);
    expect(sessionStore.getUser()).toBeNull();
    expect(sessionStore.getNotice()).toBeNull();
  });

  it('stays signed in when the link is refused, and a later push is news again', async () => {
    sessionStore.setUser(signedInUser);
    stubApi(() =>
      apiError(400, 'invalid_reset_token', 'This password reset link is invalid or has expired.'),
    );
    renderScreen(<ChangePasswordScreen />, { url: '/change-password/used', route });
    await choose('a brand new passphrase');
    await screen.findByRole('alert');
    expect(sessionStore.getUser()).not.toBeNull();
    sessionStore.signOut({ reason: 'signed_out', token: signedInUser.auth_token, cause: 'password_changed' });
    expect(sessionStore.getNotice()).toBe('password_changed');
  });

  it('says an invalid or expired link is so, and offers a new one', async () => {
    stubApi(() =>
      apiError(400, 'invalid_reset_token', 'This password reset link is invalid or has expired.'),
    );
    renderScreen(<ChangePasswordScreen />, { url: '/change-password/used', route });
    await choose('a brand new passphrase');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This password reset link is invalid or has expired.');
    expect(within(alert).getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/reset-password',
    );
  });

  it("keeps the form and shows the server's reason for a weak password", async () => {
    stubApi(() => apiError(422, 'weak_password', 'This password is too common. Please choose another.'));
    renderScreen(<ChangePasswordScreen />, { url: '/change-password/tok', route });
    await choose('password');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This password is too common. Please choose another.',
    );
    expect(screen.getByLabelText('New password')).toBeInTheDocument();
  });

  it('catches a mistyped repeat, or no password, without calling the server', async () => {
    const calls = stubApi(() => ({ status: 204 }));
    renderScreen(<ChangePasswordScreen />, { url: '/change-password/tok', route });
    await choose('', '');
    expect(screen.getByRole('alert')).toHaveTextContent('Please choose a new password.');
    await choose('a brand new passphrase', 'a brand new passphrasE');
    expect(screen.getByRole('alert')).toHaveTextContent('The two passwords do not match.');
    expect(screen.getByRole('alert')).toHaveFocus();
    expect(calls).toEqual([]);
  });
});
