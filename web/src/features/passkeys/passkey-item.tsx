import { useState } from 'react';
import type { PasskeyJson } from '@contract/passkeys';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Form } from '@/components/ui/form';
import { FormStatus } from '@/components/ui/form-status';
import { formatDateTime } from '@/lib/format';
import { success, useSubmission } from '@/lib/use-submission';
import { removePasskey, renamePasskey } from './api/passkeys';

type Mode = 'view' | 'rename' | 'confirm-remove';

/** One passkey: its name and dates, renamed in place, removed only after saying what that means. */
export function PasskeyItem({
  passkey,
  onChanged,
  onRemoved,
}: {
  passkey: PasskeyJson;
  onChanged: () => Promise<void>;
  /** The item leaves the list, so the panel says it was removed. */
  onRemoved: (name: string) => void;
}) {
  const [mode, setMode] = useState<Mode>('view');
  const [name, setName] = useState(passkey.name);
  const { pending, outcome, submit } = useSubmission();

  function rename() {
    void submit(async () => {
      await renamePasskey(passkey.id, name);
      setMode('view');
      await onChanged();
      return success('Passkey renamed.');
    });
  }

  function remove() {
    void submit(async () => {
      await removePasskey(passkey.id);
      onRemoved(passkey.name);
      await onChanged();
    });
  }

  return (
    <li className="flex flex-col gap-2 rounded-md border border-slate-200 p-3">
      <p className="font-medium break-all">{passkey.name}</p>
      <p className="text-sm text-slate-700">
        Added {formatDateTime(passkey.created_at)} ·{' '}
        {passkey.last_used_at ? `last used ${formatDateTime(passkey.last_used_at)}` : 'never used yet'}
      </p>
      {mode === 'rename' ? (
        <Form onSubmit={rename} label={`Rename ${passkey.name}`}>
          <Field
            label="New name"
            name="passkey-new-name"
            maxLength={64}
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={pending}>
              Save name
            </Button>
            <Button variant="secondary" onClick={() => setMode('view')}>
              Cancel
            </Button>
          </div>
        </Form>
      ) : mode === 'confirm-remove' ? (
        <div className="flex flex-col gap-2" role="group" aria-label={`Remove ${passkey.name}`}>
          <p>
            Removing “{passkey.name}” means it can no longer sign in to your account. Your password and your
            other passkeys keep working. Remove it?
          </p>
          <div className="flex flex-wrap gap-2">
            <Button variant="danger" disabled={pending} onClick={remove}>
              Remove passkey
            </Button>
            <Button variant="secondary" onClick={() => setMode('view')}>
              Keep it
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setMode('rename')} aria-label={`Rename ${passkey.name}`}>
            Rename
          </Button>
          <Button
            variant="secondary"
            onClick={() => setMode('confirm-remove')}
            aria-label={`Remove ${passkey.name}`}
          >
            Remove
          </Button>
        </div>
      )}
      <FormStatus pending={pending} outcome={outcome} pendingLabel="Saving" />
    </li>
  );
}
