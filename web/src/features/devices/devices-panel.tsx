import { useCallback, useEffect, useState } from 'react';
import type { DeviceSession } from '@contract/devices';
import { Button } from '@/components/ui/button';
import { FormStatus } from '@/components/ui/form-status';
import { Message } from '@/components/ui/message';
import { Panel } from '@/components/ui/panel';
import { ProgressBar } from '@/components/ui/progress-bar';
import { useAccountEvents } from '@/lib/account-events';
import { messageOf, success, useSubmission } from '@/lib/use-submission';
import { listSessions, revokeOtherSessions, revokeSession } from './api/sessions';
import { DeviceItem } from './device-item';
import { devicesInWords } from './device-words';

type Loaded = { sessions: DeviceSession[] } | { error: string } | null;

/**
 * The Devices part of /account#devices (DESIGN section 10): every device signed in to the account, this
 * one marked, the others signed out one by one or all at once. Other pages' sign-ins and sign-outs arrive
 * over the push channel and update the list as they happen.
 */
export function DevicesPanel() {
  const [loaded, setLoaded] = useState<Loaded>(null);
  const { pending, outcome, submit } = useSubmission();
  const [pendingLabel, setPendingLabel] = useState('Signing out');

  const reload = useCallback(async () => {
    try {
      setLoaded({ sessions: await listSessions() });
    } catch (error) {
      setLoaded({ error: messageOf(error) });
    }
  }, []);
  useEffect(() => {
    let live = true;
    listSessions().then(
      (sessions) => live && setLoaded({ sessions }),
      (error: unknown) => live && setLoaded({ error: messageOf(error) }),
    );
    return () => {
      live = false;
    };
  }, []);

  useAccountEvents((event) => {
    if (event.event === 'session_ended')
      // Gone at once, without waiting for the list to be read again.
      setLoaded((now) =>
        now && 'sessions' in now
          ? { sessions: now.sessions.filter((session) => session.id !== event.id) }
          : now,
      );
    // A new sign-in, or a password change that signed the other devices out.
    else if (event.event === 'session_created' || event.event === 'password_changed') void reload();
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

  const sessions = loaded && 'sessions' in loaded ? loaded.sessions : null;
  const others = sessions?.filter((session) => !session.current).length ?? 0;

  return (
    <Panel title="Signed-in devices">
      <p>These devices are signed in to your account. Sign out any you do not recognise or no longer use.</p>
      {loaded === null ? <ProgressBar label="Loading your devices" /> : null}
      {loaded && 'error' in loaded ? <Message tone="error">{loaded.error}</Message> : null}
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
