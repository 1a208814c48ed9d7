import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paths } from '@/lib/paths';
import { sessionStore } from '@/lib/session-store';
import { apiError, heldReply, stubApi, type ApiCall, type StubReply } from '@/test/fetch-stub';
import { signedInUser } from '@/test/fixtures';
import { renderScreen } from '@/test/render-screen';
import { ChangePasswordScreen } from './change-password-screen';

const route = paths.changePassword;
const CHECK = '/api/v2/reset_password/check';
const REFUSED = apiError(400, 'invalid_reset_token', 'This password reset link is invalid or has expired.');

/** The server of a link that still works when the page asks: `reply` answers the change itself. */
const linkWorks =
  (reply: (call: ApiCall) => StubReply | Promise<StubReply>) =>
  (call: ApiCall): StubReply | Promise<StubReply> =>
    call.path === CHECK ? { status: 204 } : reply(call);

async function choose(password: string, repeat = password) {
  const user = userEvent.setup();
  await screen.findByLabelText('New password');
  if (password) await user.type(screen.getByLabelText('New password'), password);
  if (repeat) await user.type(screen.getByLabelText('Repeat the new password'), repeat);
  await user.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('the change-password screen of a reset link', () => {
  it('sends the token of the link with the new password, then says so and offers sign-in', async () => {
    sessionStore.setUser(signedInUser);
    const held = heldReply({ status: 204 });
    const calls = stubApi(linkWorks(() => held.promise));
    renderScreen(<ChangePasswordScreen />, { url: '/change-password/tok-123_x', route });
    expect(await screen.findByLabelText('New password')).toHaveAccessibleDescription(
      /Use 8 to 128 characters/,
    );
    await choose('a brand new passphrase');
    expect(screen.getByRole('progressbar', { name: 'Changing your password' })).toBeInTheDocument();
    held.release();
    const status = await screen.findByRole('status', { name: '' });
    expect(status).toHaveTextContent('Your password has been changed. Sign in with your new password.');
    expect(status).toHaveFocus();
    expect(within(status).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    expect(calls).toEqual([
      expect.objectContaining({ method: 'POST', path: CHECK, body: { token: 'tok-123_x' } }),
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
    stubApi(linkWorks(() => held.promise));
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
    stubApi(linkWorks(() => REFUSED));
    renderScreen(<ChangePasswordScreen />, { url: '/change-password/used', route });
    await choose('a brand new passphrase');
    await screen.findByRole('alert');
    expect(sessionStore.getUser()).not.toBeNull();
    sessionStore.signOut({ reason: 'signed_out', token: signedInUser.auth_token, cause: 'password_changed' });
    expect(sessionStore.getNotice()).toBe('password_changed');
  });

  it('says a link refused when it is used (it expired meanwhile) is so, and offers a new one', async () => {
    stubApi(linkWorks(() => REFUSED));
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
    stubApi(
      linkWorks(() => apiError(422, 'weak_password', 'This password is too common. Please choose another.')),
    );
    renderScreen(<ChangePasswordScreen />, { url: '/change-password/tok', route });
    await choose('password');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This password is too common. Please choose another.',
    );
    expect(screen.getByLabelText('New password')).toBeInTheDocument();
  });

  it('catches a mistyped repeat, or no password, without calling the server', async () => {
    const calls = stubApi(linkWorks(() => ({ status: 204 })));
    renderScreen(<ChangePasswordScreen />, { url: '/change-password/tok', route });
    await choose('', '');
    expect(screen.getByRole('alert')).toHaveTextContent('Please choose a new password.');
    await choose('a brand new passphrase', 'a brand new passphrasE');
    expect(screen.getByRole('alert')).toHaveTextContent('The two passwords do not match.');
    expect(screen.getByRole('alert')).toHaveFocus();
    expect(calls.map((call) => call.path)).toEqual([CHECK]);
  });
});

describe('the reset link, checked when its page opens', () => {
  it('asks the server first, with a waiting bar and no form, then shows the form', async () => {
    const held = heldReply({ status: 204 });
    const calls = stubApi(() => held.promise);
    renderScreen(<ChangePasswordScreen />, { url: '/change-password/tok-9', route });
    expect(screen.getByRole('progressbar', { name: 'Checking your link' })).toBeInTheDocument();
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    held.release();
    expect(await screen.findByLabelText('New password')).toBeInTheDocument();
    expect(calls).toEqual([
      expect.objectContaining({ method: 'POST', path: CHECK, body: { token: 'tok-9' } }),
    ]);
  });

  it('says at once that a used, expired or unknown link cannot work, with a way to a new one, and no form', async () => {
    stubApi(() => REFUSED);
    renderScreen(<ChangePasswordScreen />, { url: '/change-password/used', route });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This password reset link is invalid or has expired. Ask for a new link');
    expect(within(alert).getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/reset-password',
    );
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change password' })).not.toBeInTheDocument();
  });

  it('when the check itself fails, says so and asks again on request', async () => {
    let replies: StubReply[] = ['networkError', { status: 204 }];
    stubApi(() => {
      const [next, ...rest] = replies;
      replies = rest;
      return next!;
    });
    renderScreen(<ChangePasswordScreen />, { url: '/change-password/tok', route });
    expect(await screen.findByRole('alert')).toHaveTextContent('Server error');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('New password')).toBeInTheDocument();
  });
});
