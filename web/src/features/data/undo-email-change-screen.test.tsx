import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '@/lib/session-store';
import { apiError, stubApi } from '@/test/fetch-stub';
import { signedInUser } from '@/test/fixtures';
import { renderScreen } from '@/test/render-screen';
import { UndoEmailChangeScreen } from './undo-email-change-screen';

const route = '/undo-email-change/:token';

describe('the undo-email-change page', () => {
  it('undoes with the token of the link, signs this page out, and leads to a new password', async () => {
    sessionStore.setUser(signedInUser);
    const calls = stubApi(() => ({ status: 204, body: '' }));
    renderScreen(<UndoEmailChangeScreen />, { url: '/undo-email-change/token-one', route });
    const status = await screen.findByText(/^The change is undone/);
    expect(status).toHaveTextContent(
      'The change is undone: your account has this e-mail address again, and every device was signed out. Someone else may know your password, so choose a new one now.',
    );
    expect(screen.getByRole('link', { name: 'Choose a new password' })).toHaveAttribute(
      'href',
      '/reset-password',
    );
    expect(sessionStore.getUser()).toBeNull();
    expect(calls).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/api/v1/email_change/undo',
        body: { token: 'token-one' },
      }),
    ]);
  });

  it("shows the server's sentence for a used or expired link", async () => {
    stubApi(() =>
      apiError(
        400,
        'invalid_token',
        'This link can no longer undo the e-mail change: it was used already or is older than 7 days. Write to us if you need help.',
      ),
    );
    renderScreen(<UndoEmailChangeScreen />, { url: '/undo-email-change/token-two', route });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link can no longer undo the e-mail change',
    );
  });
});
