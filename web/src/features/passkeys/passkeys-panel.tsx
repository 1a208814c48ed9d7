import { useState } from 'react';
import { Field } from '@/components/ui/field';
import { IdentityProofField, useIdentityProof } from '@/components/ui/identity-proof';
import { LoadStatus } from '@/components/ui/load-status';
import { Message } from '@/components/ui/message';
import { Button } from '@/components/ui/button';
import { SettingRow } from '@/components/ui/setting-row';
import { SubmitForm } from '@/components/ui/submit-form';
import { ApiError } from '@/lib/http-client';
import { failure, success, useSubmission } from '@/lib/use-submission';
import { addPasskey, usePasskeys } from './api/passkeys';
import { reauthenticate } from './api/reauthenticate';
import { PasskeyItem } from './passkey-item';

const countText = (count: number) =>
  count === 0
    ? 'You have no passkeys yet.'
    : count === 1
      ? 'You have 1 passkey.'
      : `You have ${count} passkeys.`;

/** The Passkeys row of /account/security: the account's passkeys, and a new one made in this browser. */
export function PasskeysRow() {
  const list = usePasskeys();
  const { data: passkeys, reload } = list;
  // What the last removal said, kept while the add form is closed.
  const [removed, setRemoved] = useState<string | null>(null);
  return (
    <SettingRow
      title="Passkeys"
      state={
        <>
          <p>
            A passkey signs you in with your device’s screen lock, fingerprint or face instead of your
            password.
          </p>
          {passkeys ? <p>{countText(passkeys.length)}</p> : null}
        </>
      }
      content={
        <>
          <LoadStatus state={list} label="Loading your passkeys" />
          {passkeys && passkeys.length > 0 ? (
            <ul aria-label="Your passkeys" className="flex flex-col gap-3">
              {passkeys.map((passkey) => (
                <PasskeyItem
                  key={passkey.id}
                  passkey={passkey}
                  last={passkeys.length === 1}
                  onChanged={reload}
                  onRemoved={(name) => setRemoved(`Passkey “${name}” removed: it can no longer sign in.`)}
                />
              ))}
            </ul>
          ) : null}
          {removed ? <Message tone="success">{removed}</Message> : null}
        </>
      }
      action="Add a passkey"
    >
      {(close) => <AddPasskeyForm onAdded={reload} onCancel={close} />}
    </SettingRow>
  );
}

/**
 * A new passkey made in this browser; the password (or a mailed code, for an account without one) is asked only
 * when the server wants it first.
 */
function AddPasskeyForm({ onAdded, onCancel }: { onAdded: () => Promise<void>; onCancel: () => void }) {
  const [name, setName] = useState('');
  // The server's sentence when it wants the password first (a session older than 5 minutes, DESIGN 7).
  const [askPassword, setAskPassword] = useState<string | null>(null);
  const identity = useIdentityProof();
  const submission = useSubmission();
  const { submit, pending, setOutcome } = submission;

  function add() {
    const proof = identity.proof();
    if (askPassword !== null && !proof) return setOutcome(failure(identity.empty));
    void submit(async () => {
      if (askPassword !== null && proof) await reauthenticate(proof);
      let added;
      try {
        added = await addPasskey(name.trim());
      } catch (error) {
        if (error instanceof ApiError && error.code === 'reauthentication_required') {
          setAskPassword(error.message);
          return;
        }
        throw error;
      }
      setAskPassword(null);
      identity.clear();
      setName('');
      await onAdded();
      return success(`Passkey “${added.name}” added. You can now sign in with it, without your password.`);
    });
  }

  return (
    <SubmitForm
      label="Add a passkey"
      onSubmit={add}
      submission={submission}
      submitLabel="Add a passkey"
      pendingLabel="Waiting for your passkey"
      actions={
        <Button variant="secondary" disabled={pending} onClick={onCancel}>
          Cancel
        </Button>
      }
    >
      <Field
        label="Name of the new passkey (optional)"
        name="passkey-name"
        hint="Left empty, it takes the name of this device, as your list of devices shows it."
        maxLength={64}
        placeholder="e.g. Work laptop"
        value={name}
        onChange={(event) => setName(event.target.value)}
      />
      {askPassword !== null ? (
        <>
          {identity.byPassword ? null : <p>{askPassword}</p>}
          <IdentityProofField proof={identity} name="current-password" hint={askPassword} />
        </>
      ) : null}
    </SubmitForm>
  );
}
