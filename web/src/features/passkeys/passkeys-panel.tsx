import { useCallback, useEffect, useState } from 'react';
import type { PasskeyJson } from '@contract/passkeys';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Form } from '@/components/ui/form';
import { FormStatus } from '@/components/ui/form-status';
import { Panel } from '@/components/ui/panel';
import { useAccountEvents } from '@/lib/account-events';
import { ApiError } from '@/lib/http-client';
import { success, useSubmission } from '@/lib/use-submission';
import { addPasskey, listPasskeys } from './api/passkeys';
import { reauthenticate } from './api/reauthenticate';
import { PasskeyItem } from './passkey-item';

/** The Passkeys part of /account#security: the account's passkeys, and a new one made in this browser. */
export function PasskeysPanel() {
  const [passkeys, setPasskeys] = useState<PasskeyJson[] | null>(null);
  const [name, setName] = useState('');
  // The server's sentence when it wants the password first (a session older than 5 minutes, DESIGN 7).
  const [askPassword, setAskPassword] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const { pending, outcome, submit, setOutcome } = useSubmission();

  const reload = useCallback(async () => setPasskeys(await listPasskeys()), []);
  useEffect(() => {
    let live = true;
    listPasskeys().then(
      (list) => live && setPasskeys(list),
      () => live && setPasskeys([]),
    );
    return () => {
      live = false;
    };
  }, []);
  // Another page of the account added or removed one.
  useAccountEvents((event) => {
    if (event.event === 'security_changed') void reload().catch(() => undefined);
  });

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
      {passkeys === null ? null : passkeys.length === 0 ? (
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
      <Form onSubmit={add} label="Add a passkey">
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
        <Button type="submit" disabled={pending} className="self-start">
          Add a passkey
        </Button>
        <FormStatus pending={pending} outcome={outcome} pendingLabel="Waiting for your passkey" />
      </Form>
    </Panel>
  );
}
