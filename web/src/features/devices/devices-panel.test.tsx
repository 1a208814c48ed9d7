import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { DeviceSession } from '@contract/devices';
import { accountEvents } from '@/lib/account-events';
import { sessionStore } from '@/lib/session-store';
import { apiError, heldReply, stubApi, type ApiCall, type StubReply } from '@/test/fetch-stub';
import { signedInUser, thisDevice } from '@/test/fixtures';
import { renderScreen } from '@/test/render-screen';
import { formatMoment } from './device-words';
import { DevicesPanel } from './devices-panel';

const phone: DeviceSession = {
  id: 'phone-id',
  kind: 'qr',
  device: 'Safari on iPhone',
  created_at: '2026-01-03T09:00:00.000Z',
  last_used_at: '2026-01-04T10:30:00.000Z',
  current: false,
};
const desktop: DeviceSession = {
  id: 'desktop-id',
  kind: 'signup',
  device: 'Firefox on Windows',
  created_at: '2025-12-01T09:00:00.000Z',
  last_used_at: '2025-12-20T18:00:00.000Z',
  current: false,
};

/** The stand-in server: the list as `listed` says now, and the sign-out calls as `act` answers them. */
function server(listed: () => DeviceSession[], act: (call: ApiCall) => StubReply | Promise<StubReply>) {
  return stubApi((call) =>
    call.method === 'GET' && call.path === '/api/v1/sessions'
      ? { status: 200, body: { sessions: listed() } }
      : act(call),
  );
}

async function showPanel() {
  renderScreen(<DevicesPanel />, { url: '/account' });
  const panel = within(await screen.findByRole('region', { name: 'Signed-in devices' }));
  await panel.findByRole('list', { name: 'Your devices' });
  return panel;
}

const items = (panel: ReturnType<typeof within>) =>
  within(panel.getByRole('list', { name: 'Your devices' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

const itemOf = (panel: ReturnType<typeof within>, device: string) =>
  within(panel.getAllByRole('listitem').find((item: HTMLElement) => item.textContent?.includes(device))!);

beforeEach(() => sessionStore.setUser(signedInUser));

describe("the account's Devices list", () => {
  it('shows each device with how it signed in and its last use, this one marked, Sign out on the others', async () => {
    server(
      () => [thisDevice, phone, desktop],
      () => ({ status: 500 }),
    );
    const panel = await showPanel();
    expect(items(panel)).toEqual([
      `Chrome on LinuxThis deviceSigned in with a password on ${formatMoment(thisDevice.created_at)} · in use now`,
      `Safari on iPhoneSigned in with a QR code on ${formatMoment(phone.created_at)} · last used ${formatMoment(phone.last_used_at)}Sign out`,
      `Firefox on WindowsSigned in at sign-up on ${formatMoment(desktop.created_at)} · last used ${formatMoment(desktop.last_used_at)}Sign out`,
    ]);
    expect(formatMoment('2026-01-04T10:30:00.000Z', 'en-GB')).toMatch(/^4 Jan 2026, \d\d:\d\d$/);
    expect(
      itemOf(panel, 'Safari on iPhone').getByRole('button', { name: 'Sign out' }),
    ).toHaveAccessibleDescription('Safari on iPhone');
    expect(panel.getByRole('button', { name: 'Sign out of all other devices' })).toBeEnabled();
  });

  it('shows the progress bar while the list loads, and the server’s message when it cannot', async () => {
    const held = heldReply(apiError(503, 'database_unavailable', "We can't reach our database right now."));
    stubApi(() => held.promise);
    renderScreen(<DevicesPanel />, { url: '/account' });
    expect(screen.getByRole('progressbar', { name: 'Loading your devices' })).toBeInTheDocument();
    held.release();
    expect(await screen.findByRole('alert')).toHaveTextContent("We can't reach our database right now.");
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('offers no Sign out when this is the only device', async () => {
    server(
      () => [thisDevice],
      () => ({ status: 500 }),
    );
    const panel = await showPanel();
    expect(panel.queryByRole('button', { name: /Sign out/ })).not.toBeInTheDocument();
  });

  it('signs one device out, waiting with the progress bar, then says so and lists the rest', async () => {
    let listed = [thisDevice, phone, desktop];
    const held = heldReply({ status: 204 });
    const calls = server(
      () => listed,
      () => held.promise,
    );
    const panel = await showPanel();
    await userEvent.click(itemOf(panel, 'Safari on iPhone').getByRole('button', { name: 'Sign out' }));
    expect(panel.getByRole('progressbar', { name: 'Signing out Safari on iPhone' })).toBeInTheDocument();
    expect(calls).toContainEqual(
      expect.objectContaining({ method: 'DELETE', path: '/api/v1/sessions/phone-id' }),
    );
    listed = [thisDevice, desktop];
    held.release();
    expect(await panel.findByRole('status')).toHaveTextContent(
      'Safari on iPhone is signed out. It has to sign in again to use your account.',
    );
    expect(items(panel)).toHaveLength(2);
    expect(panel.queryByText('Safari on iPhone')).not.toBeInTheDocument();
  });

  it('shows the server’s message when the device had already gone, and lists what is left', async () => {
    let listed = [thisDevice, phone];
    server(
      () => listed,
      () => {
        listed = [thisDevice];
        return apiError(404, 'session_not_found', 'No such session was found for your account.');
      },
    );
    const panel = await showPanel();
    await userEvent.click(panel.getByRole('button', { name: 'Sign out' }));
    expect(await panel.findByRole('alert')).toHaveTextContent('No such session was found for your account.');
    expect(items(panel)).toHaveLength(1);
  });

  it('signs out of all other devices and says how many', async () => {
    let listed = [thisDevice, phone, desktop];
    const calls = server(
      () => listed,
      (call) => {
        listed = [thisDevice];
        return call.path === '/api/v1/sessions/revoke_others'
          ? { status: 200, body: { revoked: 2 } }
          : { status: 500 };
      },
    );
    const panel = await showPanel();
    await userEvent.click(panel.getByRole('button', { name: 'Sign out of all other devices' }));
    expect(await panel.findByRole('status')).toHaveTextContent(
      'Signed out of 2 other devices. Only this device is signed in now.',
    );
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      '/api/v1/sessions/revoke_others',
    ]);
    expect(items(panel)).toHaveLength(1);
    expect(panel.queryByRole('button', { name: 'Sign out of all other devices' })).not.toBeInTheDocument();
  });

  it('shows the server’s message when signing the others out fails, and keeps the list', async () => {
    server(
      () => [thisDevice, phone],
      () => apiError(503, 'database_unavailable', "We can't reach our database right now."),
    );
    const panel = await showPanel();
    await userEvent.click(panel.getByRole('button', { name: 'Sign out of all other devices' }));
    expect(await panel.findByRole('alert')).toHaveTextContent("We can't reach our database right now.");
    expect(items(panel)).toHaveLength(2);
  });

  it('updates live: a device signed out elsewhere leaves, a new sign-in appears', async () => {
    let listed = [thisDevice, phone];
    const calls = server(
      () => listed,
      () => ({ status: 500 }),
    );
    const panel = await showPanel();
    act(() => accountEvents.emit({ event: 'session_ended', id: 'phone-id' }));
    expect(panel.queryByText('Safari on iPhone')).not.toBeInTheDocument();
    expect(calls).toHaveLength(1);

    listed = [thisDevice, desktop];
    act(() => accountEvents.emit({ event: 'session_created', kind: 'signup' }));
    expect(await panel.findByText('Firefox on Windows')).toBeInTheDocument();
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'GET /api/v1/sessions',
      'GET /api/v1/sessions',
    ]);
  });
});
