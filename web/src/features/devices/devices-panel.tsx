import { useState } from 'react';
import type { DeviceSession } from '@contract/devices';
import { Button } from '@/components/ui/button';
import { FormStatus } from '@/components/ui/form-status';
import { LoadStatus } from '@/components/ui/load-status';
import { Panel } from '@/components/ui/panel';
import { useAccountEvents } from '@/lib/account-events';
import { success, useSubmission } from '@/lib/use-submission';
import { revokeOtherSessions, revokeSession, useDeviceSessions } from './api/sessions';
import { DeviceItem } from './device-item';
import { devicesInWords } from './device-words';

/**
 * The Devices part of /account#devices (DESIGN section 10): every device signed in to the account, this
 * one marked, the others signed out one by one or all at once. Other pages' sign-ins and sign-outs arrive
 * over the push channel and update the list as they happen.
 */
export function DevicesPanel() {
  const list = useDeviceSessions();
  const { reload, set } = list;
  const { pending, outcome, submit } = useSubmission();
  const [pendingLabel, setPendingLabel] = useState('Signing out');

  useAccountEvents((event) => {
    // Gone at once, without waiting for the list to be read again.
    if (event.event === 'session_ended') set((now) => now?.filter((session) => session.id !== event.id));
  });

  function signOut(session: DeviceSession) {
    setPendingLabel(`Signing out ${session.device}`);
    void submit(async () => {
      try {
        await revokeSession(session.id);
      } finally {
        // Signed out, or already gone (the server then says so): either way the list is out of date.
        await reload();
      }
      return success(`${session.device} is signed out. It has to sign in again to use your account.`);
    });
  }

  function signOutOthers() {
    setPendingLabel('Signing out your other devices');
    void submit(async () => {
      const revoked = await revokeOtherSessions();
      await reload();
      return success(
        revoked === 0
          ? 'No other device was signed in.'
          : `Signed out of ${devicesInWords(revoked)}. Only this device is signed in now.`,
      );
    });
  }

  const sessions = list.data;
  const others = sessions?.filter((session) => !session.current).length ?? 0;

  return (
    <Panel title="Signed-in devices">
      <p>These devices are signed in to your account. Sign out any you do not recognise or no longer use.</p>
      <LoadStatus state={list} label="Loading your devices" />
      {sessions ? (
        <ul aria-label="Your devices" className="flex flex-col gap-3">
          {sessions.map((session) => (
            <DeviceItem key={session.id} session={session} busy={pending} onSignOut={signOut} />
          ))}
        </ul>
      ) : null}
      {others > 0 ? (
        <Button variant="danger" className="self-start" disabled={pending} onClick={signOutOthers}>
          Sign out of all other devices
        </Button>
      ) : null}
      <FormStatus pending={pending} outcome={outcome} pendingLabel={pendingLabel} />
    </Panel>
  );
}
