import { useState } from 'react';
import { Field } from '@/components/ui/field';
import { LoadStatus } from '@/components/ui/load-status';
import { Panel } from '@/components/ui/panel';
import { SubmitForm } from '@/components/ui/submit-form';
import { success, useSubmission } from '@/lib/use-submission';
import { addPasskey, usePasskeys } from './api/passkeys';
import { PasskeyItem } from './passkey-item';

/** The Passkeys part of /account#security: the account's passkeys, and a new one made in this browser. */
export function PasskeysPanel() {
  const list = usePasskeys();
  const { data: passkeys, reload } = list;
  const [name, setName] = useState('');
  const submission = useSubmission();
  const { submit, setOutcome } = submission;

  function add() {
    void submit(async () => {
      const added = await addPasskey(name.trim());
      setName('');
      await reload();
      return success(`Passkey “${added.name}” added. You can now sign in with it, without your password.`);
    });
  }

  return (
    <Panel title="Passkeys">
      <p>
        A passkey signs you in with your device’s screen lock, fingerprint or face instead of your password.
      </p>
      <LoadStatus state={list} label="Loading your passkeys" />
      {passkeys === undefined ? null : passkeys.length === 0 ? (
        <p>You have no passkeys yet.</p>
      ) : (
        <ul aria-label="Your passkeys" className="flex flex-col gap-3">
          {passkeys.map((passkey) => (
            <PasskeyItem
              key={passkey.id}
              passkey={passkey}
              onChanged={reload}
              onRemoved={(removed) =>
                setOutcome(success(`Passkey “${removed}” removed: it can no longer sign in.`))
              }
            />
          ))}
        </ul>
      )}
      <SubmitForm
        label="Add a passkey"
        onSubmit={add}
        submission={submission}
        submitLabel="Add a passkey"
        pendingLabel="Waiting for your passkey"
      >
        <Field
          label="Name of the new passkey (optional)"
          name="passkey-name"
          maxLength={64}
          placeholder="e.g. Work laptop"
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
      </SubmitForm>
    </Panel>
  );
}
