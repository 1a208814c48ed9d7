import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, heldReply, stubApi } from '@/test/fetch-stub';
import { renderScreen } from '@/test/render-screen';
import { ResetPasswordScreen } from './reset-password-screen';

async function ask(email: string) {
  const user = userEvent.setup();
  await user.clear(screen.getByLabelText('E-mail'));
  if (email) await user.type(screen.getByLabelText('E-mail'), email);
  await user.click(screen.getByRole('button', { name: 'Send the link' }));
}

describe('the forgotten-password screen', () => {
  it('asks for the e-mail, shows progress, then says the same friendly thing in every case', async () => {
    const held = heldReply({ status: 204 });
    const calls = stubApi(() => held.promise);
    renderScreen(<ResetPasswordScreen />, { url: '/reset-password' });
    await ask('ada@example.com ');
    expect(screen.getByRole('progressbar', { name: 'Sending the link' })).toBeInTheDocument();
    held.release();
    const status = await screen.findByRole('status', { name: '' });
    expect(status).toHaveTextContent(
      'If an account exists for ada@example.com, we have sent it an e-mail with a link to choose a new password.',
    );
    // Focus moves in an effect after the reply's render: wait for it rather than race it.
    await waitFor(() => expect(status).toHaveFocus());
    expect(calls).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/api/v2/reset_password',
        body: { email: 'ada@example.com' },
      }),
    ]);
  });

  it('reads the reply as empty, whatever the server sent with its 2xx', async () => {
    stubApi(() => ({ status: 200, body: 'ok' }));
    renderScreen(<ResetPasswordScreen />, { url: '/reset-password' });
    await ask('nobody@example.com');
    expect(await screen.findByText(/If an account exists for nobody@example.com/)).toBeInTheDocument();
  });

  it("shows the server's message when it refuses, e.g. too many requests", async () => {
    stubApi(() => apiError(429, 'rate_limited', 'Too many attempts. Please wait a minute and try again.'));
    renderScreen(<ResetPasswordScreen />, { url: '/reset-password' });
    await ask('ada@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Please wait a minute and try again.',
    );
    expect(screen.getByRole('alert')).toHaveFocus();
  });

  it('asks for the e-mail without calling the server when it is empty', async () => {
    const calls = stubApi(() => ({ status: 204 }));
    renderScreen(<ResetPasswordScreen />, { url: '/reset-password' });
    await ask('');
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter your e-mail address.');
    expect(calls).toEqual([]);
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
  });
});
