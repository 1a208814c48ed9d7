import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '@/lib/session-store';
import { apiError, stubApi } from '@/test/fetch-stub';
import { signedInMe, signedInUser } from '@/test/fixtures';
import { renderScreen } from '@/test/render-screen';
import { PasswordRow } from './password-row';

const NEW_PASSWORD = 'a quiet meadow at dawn';

describe('the Password row', () => {
  it('offers to change the password of an account that has one', () => {
    sessionStore.setUser(signedInUser);
    renderScreen(<PasswordRow />, { url: '/account/security' });
    expect(screen.getByRole('button', { name: 'Change password' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Set a password' })).not.toBeInTheDocument();
  });

  it('sets a first password with a mailed code, then reads the account and offers to change it', async () => {
    sessionStore.setUser({ ...signedInUser, has_password: false });
    const calls = stubApi((call) => {
      if (call.path === '/api/v1/me') return { status: 200, body: { ...signedInMe, has_password: true } };
      return { status: 204 };
    });
    renderScreen(<PasswordRow />, { url: '/account/security' });
    expect(screen.getByText(/Your account has no password/)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Set a password' }));
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter the 6-digit code from the e-mail.');
    await user.click(screen.getByRole('button', { name: 'Email me a code' }));
    await user.type(screen.getByLabelText('Code from the e-mail'), '123456');
    await user.type(screen.getByLabelText('New password'), NEW_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText(/^Your password is set\. You can now sign in with it/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Change password' })).toBeInTheDocument();
    expect(sessionStore.getUser()?.has_password).toBe(true);
    expect(calls.map((call) => [call.method, call.path, call.body])).toEqual([
      ['POST', '/api/v1/reauth_code', undefined],
      ['PUT', '/api/v2/change_password', { code: '123456', password: NEW_PASSWORD }],
      ['GET', '/api/v1/me', undefined],
    ]);
  });

  it("shows the server's sentence for a wrong code, and keeps the form", async () => {
    sessionStore.setUser({ ...signedInUser, has_password: false });
    stubApi(() => apiError(403, 'invalid_code', 'This code is wrong or has expired.'));
    renderScreen(<PasswordRow />, { url: '/account/security' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Set a password' }));
    await user.type(screen.getByLabelText('Code from the e-mail'), '000000');
    await user.type(screen.getByLabelText('New password'), NEW_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This code is wrong or has expired.');
    expect(screen.getByRole('button', { name: 'Set password' })).toBeInTheDocument();
  });
});
