import { useState } from 'react';
import type { AdminUserDetail } from '@contract/admin';
import { REASON_MAX, REASON_MIN } from '@contract/support-rules';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Form } from '@/components/ui/form';
import { ProgressBar } from '@/components/ui/progress-bar';
import { sentenceOf } from '@/lib/http-client';
import type { ConsoleAction } from './console-actions';

/**
 * Asks before an action: says what will happen and what the person is told, and asks why (kept in the
 * audit trail with the agent's name, never mailed). The server's refusal shows at the reason field.
 */
export function ActionDialog({
  action,
  person,
  run,
  onClose,
}: {
  action: ConsoleAction;
  person: AdminUserDetail;
  run: (reason: string) => Promise<void>;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function confirm() {
    const length = [...reason.trim()].length;
    if (length < REASON_MIN || length > REASON_MAX) {
      setError(
        `Please give a reason of ${REASON_MIN} to ${REASON_MAX} characters. It is kept in the audit trail.`,
      );
      return;
    }
    setError(null);
    setPending(true);
    try {
      await run(reason.trim());
    } catch (failure) {
      setError(sentenceOf(failure));
      setPending(false);
    }
  }

  return (
    <Dialog title={`${action.label}?`} onClose={onClose}>
      <p>{action.consequence(person)}</p>
      <Form onSubmit={() => void confirm()} label={action.label}>
        <Field
          label="Reason"
          hint={`Why, in ${REASON_MIN} to ${REASON_MAX} characters (a ticket number helps). Kept in the audit trail with your name; the person is not shown it.`}
          value={reason}
          maxLength={REASON_MAX * 2}
          error={error}
          onChange={(event) => setReason(event.target.value)}
        />
        {pending ? <ProgressBar label={`${action.label}: working`} /> : null}
        <div className="flex flex-wrap gap-3">
          <Button type="submit" variant={action.danger ? 'danger' : 'primary'} disabled={pending}>
            {action.label}
          </Button>
          <Button variant="secondary" disabled={pending} onClick={onClose}>
            Cancel
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
