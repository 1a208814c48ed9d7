import { useId } from 'react';
import type { DeviceSession } from '@contract/devices';
import { Button } from '@/components/ui/button';
import { formatMoment, kindInWords } from './device-words';

/** One signed-in device: what it is, how it signed in, when it was last used, and 'Sign out' unless it is this one. */
export function DeviceItem({
  session,
  busy,
  onSignOut,
}: {
  session: DeviceSession;
  /** A sign-out is under way somewhere in the list. */
  busy: boolean;
  onSignOut: (session: DeviceSession) => void;
}) {
  const nameId = useId();
  return (
    <li className="flex flex-col gap-2 rounded-md border border-slate-200 p-3">
      <p className="flex flex-wrap items-center gap-2">
        <span id={nameId} className="font-medium">
          {session.device}
        </span>
        {session.current ? (
          <span className="rounded bg-green-100 px-2 py-0.5 text-sm font-medium text-green-900">
            This device
          </span>
        ) : null}
      </p>
      <p className="text-sm text-slate-700">
        {kindInWords(session.kind)} on {formatMoment(session.created_at)} ·{' '}
        {session.current ? 'in use now' : `last used ${formatMoment(session.last_used_at)}`}
      </p>
      {session.current ? null : (
        <Button
          variant="secondary"
          className="self-start"
          disabled={busy}
          aria-describedby={nameId}
          onClick={() => onSignOut(session)}
        >
          Sign out
        </Button>
      )}
    </li>
  );
}
