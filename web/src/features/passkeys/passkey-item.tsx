import { useState } from 'react';
import type { PasskeyJson } from '@contract/passkeys';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Form } from '@/components/ui/form';
import { FormStatus } from '@/components/ui/form-status';
import { IdentityProofField, useIdentityProof } from '@/components/ui/identity-proof';
import { formatDateTime } from '@/lib/format';
import { failure, success, useSubmission } from '@/lib/use-submission';
import { removePasskey, renamePasskey } from './api/passkeys';

type Mode = 'view' | 'rename' | 'confirm-remove';

/**
 * One passkey: its name and dates, renamed in place, removed only after saying what that means; the account's
 * last passkey only after the password, or a mailed code for an account without one (DESIGN 13).
 */
export function PasskeyItem({
  passkey,
  last = false,
  onChanged,
  onRemoved,
}: {
  passkey: PasskeyJson;
  /** The account's only passkey: removing it asks who it is first. */
  last?: boolean;
  onChanged: () => Promise<void>;
  /** The item leaves the list, so the panel says it was removed. */
  onRemoved: (name: string) => void;
}) {
  const [mode, setMode] = useState<Mode>('view');
  const [name, setName] = useState(passkey.name);
  const { pending, outcome, submit, setOutcome } = useSubmission();
  const identity = useIdentityProof();

  function rename() {
    void submit(async () => {
      await renamePasskey(passkey.id, name);
      setMode('view');
      await onChanged();
      return success('Passkey renamed.');
    });
  }

  function remove() {
    const proof = last ? identity.proof() : null;
    if (last && !proof) return setOutcome(failure(identity.empty));
    void submit(async () => {
      await removePasskey(passkey.id, proof ?? undefined);
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
        <Form onSubmit={remove} label={`Remove ${passkey.name}`}>
          <p>
            {last
              ? `Removing “${passkey.name}” means it can no longer sign in to your account. It is your only passkey: after it, you sign in with ${identity.byPassword ? 'your password' : 'a code we e-mail you'}. Remove it?`
              : `Removing “${passkey.name}” means it can no longer sign in to your account. Your password and your other passkeys keep working. Remove it?`}
          </p>
          {last ? (
            <IdentityProofField
              proof={identity}
              name="passkey-remove-password"
              hint="Confirm your password to remove your last passkey."
            />
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" variant="danger" disabled={pending}>
              Remove passkey
            </Button>
            <Button variant="secondary" onClick={() => setMode('view')}>
              Keep it
            </Button>
          </div>
        </Form>
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
