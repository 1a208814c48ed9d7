import type { AdminAuditEvent } from '@contract/admin';
import { formatDateTime } from '@/lib/format';
import { eventInWords } from './person-words';

/** Audit events, newest first: when, what, and for an agent's action who did it and why. */
export function AuditList({ events, label }: { events: AdminAuditEvent[]; label: string }) {
  if (events.length === 0) return <p>Nothing is recorded.</p>;
  return (
    <ol aria-label={label} className="flex flex-col gap-3">
      {events.map((event) => (
        <li key={event.id} className="flex flex-col gap-1">
          <p>
            <span className="font-medium">{eventInWords(event.event)}</span>{' '}
            <span className="text-sm text-slate-700">
              {formatDateTime(event.at)}
              {event.ip ? ` · ${event.ip}` : ''}
            </span>
          </p>
          {event.agent ? (
            <p className="text-sm text-slate-700">
              By {event.agent.email ?? 'a former support agent'}: “{event.reason}”
            </p>
          ) : event.reason ? (
            <p className="text-sm text-slate-700">{event.reason}</p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
