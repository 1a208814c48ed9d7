import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '@/lib/session-store';
import { apiError, stubApi, type ApiCall, type StubReply } from '@/test/fetch-stub';
import { signedInUser } from '@/test/fixtures';
import { renderScreen, testConfig } from '@/test/render-screen';
import { UndoEmailChangeScreen } from './undo-email-change-screen';

const route = '/undo-email-change/:token';
const CHECK = '/api/v1/email_change/undo/check';
const REFUSED = apiError(
  400,
  'invalid_token',
  'This link can no longer undo the e-mail change: it was used already or is older than 7 days. Write to us if you need help.',
);

const linkWorks =
  (reply: () => StubReply) =>
  (call: ApiCall): StubReply =>
    call.path === CHECK ? { status: 204 } : reply();

describe('the undo-email-change page', () => {
  it('checks the link, undoes with its token when asked, signs this page out quietly, and leads to a new password', async () => {
    sessionStore.setUser(signedInUser);
    const calls = stubApi(linkWorks(() => ({ status: 204, body: '' })));
    renderScreen(<UndoEmailChangeScreen />, { url: '/undo-email-change/token-one', route });
    await userEvent.click(await screen.findByRole('button', { name: 'Undo the change' }));
    const status = await screen.findByText(/^The change is undone/);
    expect(status).toHaveTextContent(
      'The change is undone: your account has this e-mail address again, and every device was signed out. Someone else may know your password, so choose a new one now.',
    );
    expect(screen.getByRole('link', { name: 'Choose a new password' })).toHaveAttribute(
      'href',
      '/reset-password',
    );
    expect(sessionStore.getUser()).toBeNull();
    expect(sessionStore.getNotice()).toBeNull();
    expect(calls).toEqual([
      expect.objectContaining({ method: 'POST', path: CHECK, body: { token: 'token-one' } }),
      expect.objectContaining({
        method: 'POST',
        path: '/api/v1/email_change/undo',
        body: { token: 'token-one' },
      }),
    ]);
  });

  it('says at once that a used or expired link cannot undo anything, names the support address, and shows no button', async () => {
    const calls = stubApi(() => REFUSED);
    renderScreen(<UndoEmailChangeScreen />, { url: '/undo-email-change/token-two', route });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This link can no longer undo the e-mail change');
    expect(within(alert).getByRole('link', { name: testConfig.supportEmail })).toHaveAttribute(
      'href',
      `mailto:${testConfig.supportEmail}`,
    );
    expect(screen.queryByRole('button', { name: 'Undo the change' })).not.toBeInTheDocument();
    expect(calls.map((call) => call.path)).toEqual([CHECK]);
  });

  it('keeps this page signed in when the undo is refused', async () => {
    sessionStore.setUser(signedInUser);
    stubApi(linkWorks(() => REFUSED));
    renderScreen(<UndoEmailChangeScreen />, { url: '/undo-email-change/token-three', route });
    await userEvent.click(await screen.findByRole('button', { name: 'Undo the change' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This link can no longer undo');
    expect(sessionStore.getUser()).toEqual(signedInUser);
  });
});
