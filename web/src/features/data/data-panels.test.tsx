import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/lib/session-store';
import { apiError, heldReply, stubApi } from '@/test/fetch-stub';
import { signedInUser } from '@/test/fixtures';
import { renderScreen } from '@/test/render-screen';
import { ChangeEmailForm } from './change-email-form';
import { DownloadDataPanel } from './download-data-panel';

beforeEach(() => sessionStore.setUser(signedInUser));

/** jsdom's Blob has no text(): read it as a browser of old would. */
function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
}
afterEach(() => vi.restoreAllMocks());

describe('Download your data', () => {
  it('shows a progress bar, then saves the reply as the file the server names', async () => {
    const exported = { exported_at: '2026-11-22T06:00:00.000Z', user: { id: 7, email: 'ada@example.com' } };
    const held = heldReply({
      status: 200,
      body: exported,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'content-disposition': 'attachment; filename="bullapp-export-2026-11-22.json"',
      },
    });
    const calls = stubApi(() => held.promise);
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:export';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    renderScreen(<DownloadDataPanel />, { url: '/account' });
    await userEvent.click(screen.getByRole('button', { name: 'Download your data' }));
    expect(screen.getByRole('progressbar', { name: 'Preparing your data' })).toBeInTheDocument();
    held.release();
    const saved = await screen.findByText('Your data was saved as bullapp-export-2026-11-22.json.');
    // Focus moves in an effect after the message is drawn: it must get there, not necessarily in the same turn.
    await waitFor(() => expect(saved).toHaveFocus());
    expect(clicked.map((link) => [link.download, link.getAttribute('href')])).toEqual([
      ['bullapp-export-2026-11-22.json', 'blob:export'],
    ]);
    expect(JSON.parse(await readBlob(blobs[0]!))).toEqual(exported);
    expect(calls).toEqual([expect.objectContaining({ method: 'GET', path: '/api/v1/export' })]);
    expect(calls[0]?.headers.Authorization).toBe('Bearer token-of-ada');
  });

  it("shows the server's message when the export is refused", async () => {
    stubApi(() =>
      apiError(429, 'too_many_requests', 'Too many attempts. Please wait 5 minutes and try again.'),
    );
    renderScreen(<DownloadDataPanel />, { url: '/account' });
    await userEvent.click(screen.getByRole('button', { name: 'Download your data' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please wait 5 minutes');
  });
});

describe('Change e-mail', () => {
  async function ask(email: string, password: string) {
    const user = userEvent.setup();
    if (email) await user.type(screen.getByLabelText('New e-mail address'), email);
    if (password) await user.type(screen.getByLabelText('Password'), password);
    await user.click(screen.getByRole('button', { name: 'Change e-mail' }));
  }

  it('sends the new address and the password, then says a link was sent and when the change happens', async () => {
    const calls = stubApi(() => ({ status: 202 }));
    renderScreen(<ChangeEmailForm />, { url: '/account' });
    await ask(' ada@new.example ', 'my password 1');
    const status = await screen.findByText(/^We sent a link/);
    expect(status).toHaveTextContent(
      'We sent a link to ada@new.example. Open it within 60 minutes to make it your address; until then, your account keeps its current one.',
    );
    expect(status).toHaveFocus();
    expect(calls).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/api/v1/email_change',
        body: { email: 'ada@new.example', password: 'my password 1' },
      }),
    ]);
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });

  it("shows the server's sentence for a wrong password or a taken address, and asks for empty fields first", async () => {
    const calls = stubApi(() =>
      apiError(403, 'invalid_credentials', 'Your current password is not correct.'),
    );
    renderScreen(<ChangeEmailForm />, { url: '/account' });
    await ask('', 'x');
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter the new e-mail address.');
    await userEvent.clear(screen.getByLabelText('Password'));
    await ask('ada@new.example', '');
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter your password.');
    expect(calls).toEqual([]);
    await ask('', 'wrong one');
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Your current password is not correct.'),
    );
  });
});

describe('Change e-mail, for an account without a password', () => {
  it('sends the new address with a mailed code in place of the password', async () => {
    sessionStore.setUser({ ...signedInUser, has_password: false });
    const calls = stubApi(() => ({ status: 204 }));
    renderScreen(<ChangeEmailForm />, { url: '/account' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('New e-mail address'), 'ada@new.example');
    await user.click(screen.getByRole('button', { name: 'Change e-mail' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter the 6-digit code from the e-mail.');
    await user.click(screen.getByRole('button', { name: 'Email me a code' }));
    await screen.findByText(/^We sent a 6-digit code/);
    await user.type(screen.getByLabelText('Code from the e-mail'), '123456');
    await user.click(screen.getByRole('button', { name: 'Change e-mail' }));
    expect(await screen.findByText(/^We sent a link to ada@new\.example\./)).toBeInTheDocument();
    expect(calls.map((call) => [call.path, call.body])).toEqual([
      ['/api/v1/reauth_code', undefined],
      ['/api/v1/email_change', { email: 'ada@new.example', code: '123456' }],
    ]);
  });
});
