import { useState } from 'react';
import { Field } from '@/components/ui/field';
import { LoadStatus } from '@/components/ui/load-status';
import { Panel } from '@/components/ui/panel';
import { SubmitForm } from '@/components/ui/submit-form';
import { ApiError } from '@/lib/http-client';
import { success, useSubmission } from '@/lib/use-submission';
import { addPasskey, usePasskeys } from './api/passkeys';
import { reauthenticate } from './api/reauthenticate';
import { PasskeyItem } from './passkey-item';

/** The Passkeys part of /account#security: the account's passkeys, and a new one made in this browser. */
export function PasskeysPanel() {
  const list = usePasskeys();
  const { data: passkeys, reload } = list;
  const [name, setName] = useState('');
  // The server's sentence when it wants the password first (a session older than 5 minutes, DESIGN 7).
  const [askPassword, setAskPassword] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const submission = useSubmission();
  const { submit, setOutcome, outcome } = submission;

  function add() {
    void submit(async () => {
      if (askPassword !== null) await reauthenticate(password);
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
      setPassword('');
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
        {askPassword !== null ? (
          <Field
            label="Password"
            name="current-password"
            type="password"
            autoComplete="current-password"
            required
            hint={askPassword}
            aria-invalid={outcome?.tone === 'error' ? true : undefined}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        ) : null}
      </SubmitForm>
    </Panel>
  );
}
