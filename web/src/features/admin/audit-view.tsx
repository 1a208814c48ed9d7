import { useEffect, useState } from 'react';
import type { AdminAuditEvent } from '@contract/admin';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Form } from '@/components/ui/form';
import { FormStatus } from '@/components/ui/form-status';
import { Panel } from '@/components/ui/panel';
import { useSubmission } from '@/lib/use-submission';
import { auditEvents, type AuditFilter } from './api/admin';
import { AuditList } from './audit-list';

/** The audit trail, newest first, of one account or one event if asked, 50 at a time. */
export function AuditView({ user, event }: { user: string; event: string }) {
  const [asked, setAsked] = useState<AuditFilter>({ user, event });
  const [shown, setShown] = useState<{ events: AdminAuditEvent[]; next: string | null } | null>(null);
  const { pending, outcome, submit } = useSubmission();

  function show(next: AuditFilter, before: string | null = null) {
    void submit(async () => {
      const page = await auditEvents(next, before);
      setShown((now) => ({
        events: before && now ? [...now.events, ...page.events] : page.events,
        next: page.next_cursor,
      }));
    });
  }

  // The trail as the address asks for it, once.
  useEffect(() => show({ user, event }), []); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <Panel title="Audit trail">
      <Form onSubmit={() => show(asked)} label="Filter the audit trail">
        <Field
          label="Account id"
          hint="The number on a person’s page; empty for every account."
          inputMode="numeric"
          value={asked.user ?? ''}
          onChange={(e) => setAsked({ ...asked, user: e.target.value.trim() })}
        />
        <Field
          label="Event"
          hint="For example support_two_factor_reset or sign_in_failed; empty for every event."
          value={asked.event ?? ''}
          onChange={(e) => setAsked({ ...asked, event: e.target.value.trim() })}
        />
        <Button type="submit" className="self-start" disabled={pending}>
          Show
        </Button>
      </Form>
      {shown ? <AuditList events={shown.events} label="Audit events" /> : null}
      {shown?.next ? (
        <Button
          variant="secondary"
          className="self-start"
          disabled={pending}
          onClick={() => show(asked, shown.next)}
        >
          Show older
        </Button>
      ) : null}
      <FormStatus pending={pending} outcome={outcome} pendingLabel="Loading the audit trail" />
    </Panel>
  );
}
