import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { AdminUserDetail } from '@contract/admin';
import { Button } from '@/components/ui/button';
import { Link } from '@/components/ui/link';
import { LoadStatus } from '@/components/ui/load-status';
import { Message } from '@/components/ui/message';
import { Panel } from '@/components/ui/panel';
import { formatDateTime, formatDay } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useSessionUser } from '@/lib/session-store';
import { deletePerson, runAction, usePerson } from './api/admin';
import { ActionDialog } from './action-dialog';
import { AuditList } from './audit-list';
import { CONSOLE_ACTIONS, type ConsoleAction } from './console-actions';

function Facts({ person }: { person: AdminUserDetail }) {
  const rows: Array<[string, string]> = [
    ['Account id', String(person.id)],
    ['Joined', formatDay(person.created_at)],
    ['Role', person.role === 1 ? 'Support agent' : 'Member'],
    ...(person.email_verified === undefined
      ? []
      : ([['E-mail address', person.email_verified ? 'Confirmed' : 'Not confirmed yet']] as Array<
          [string, string]
        >)),
    ['Two-step sign-in', person.two_factor ? 'On' : 'Off'],
    ['Passkeys', String(person.passkeys)],
    ['Password sign-in', person.locked ? 'Stopped after 100 wrong passwords or codes' : 'Works'],
    [
      'Subscription',
      person.subscription
        ? `${person.subscription.plan}, ${person.subscription.status.toLowerCase()}${person.subscription.payment_failed ? ', a payment failed' : ''}`
        : 'None',
    ],
  ];
  return (
    <dl className="flex flex-col gap-1">
      {rows.map(([name, value]) => (
        <div key={name} className="flex flex-wrap gap-2">
          <dt className="font-medium">{name}:</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A person's page: what support needs to know, what happened, and the actions, each behind a dialog. */
export function PersonView({ id }: { id: number }) {
  const state = usePerson(id);
  const me = useSessionUser();
  const navigate = useNavigate();
  const [open, setOpen] = useState<ConsoleAction | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const person = state.data;

  async function run(action: ConsoleAction, reason: string) {
    if (!person) return;
    if (action.name === 'delete') {
      await deletePerson(person.id, reason);
      navigate(paths.admin, { state: { notice: action.done(person, undefined) } });
      return;
    }
    const reply = await runAction<unknown>(person.id, action.name, reason);
    setOpen(null);
    setDone(action.done(person, reply));
    await state.reload();
  }

  const untouchable = person && (person.role === 1 || person.id === me?.id);
  return (
    <>
      <Link to={paths.admin} className="self-start">
        ‹ Back to the search
      </Link>
      <LoadStatus state={state} label="Loading the person’s page" />
      {done ? <Message tone="success">{done}</Message> : null}
      {person ? (
        <>
          <Panel title={person.email}>
            <Facts person={person} />
          </Panel>
          <Panel title="Help them">
            {untouchable ? (
              <p>This is a support agent’s account: the console does not act on it.</p>
            ) : (
              <div className="flex flex-wrap gap-3">
                {CONSOLE_ACTIONS.filter((action) => action.offered(person)).map((action) => (
                  <Button
                    key={action.name}
                    variant={action.danger ? 'danger' : 'secondary'}
                    onClick={() => {
                      setDone(null);
                      setOpen(action);
                    }}
                  >
                    {action.label}
                  </Button>
                ))}
              </div>
            )}
          </Panel>
          <Panel title="Devices">
            {person.sessions.length === 0 ? (
              <p>No device is signed in.</p>
            ) : (
              <ul aria-label="Their devices" className="flex flex-col gap-1">
                {person.sessions.map((session) => (
                  <li key={session.id}>
                    {session.device} · {session.kind} · last used {formatDateTime(session.last_used_at)}
                  </li>
                ))}
              </ul>
            )}
          </Panel>
          {person.identities ? (
            <Panel title="Connected accounts">
              <ul className="flex flex-col gap-1">
                {person.identities.map((identity) => (
                  <li key={identity.id}>
                    {identity.provider}
                    {identity.email ? ` · ${identity.email}` : ''}
                  </li>
                ))}
              </ul>
            </Panel>
          ) : null}
          <Panel title="What happened">
            <AuditList events={person.audit_events} label="Their audit trail" />
            <Link to={`${paths.admin}?audit&user=${person.id}`} className="self-start">
              Every event of this account
            </Link>
          </Panel>
          {open ? (
            <ActionDialog
              action={open}
              person={person}
              run={(reason) => run(open, reason)}
              onClose={() => setOpen(null)}
            />
          ) : null}
        </>
      ) : null}
    </>
  );
}
