import { useState } from 'react';
import { useLocation } from 'react-router';
import type { IdentityJson, Provider } from '@contract/identities';
import type { ConfirmBody } from '@contract/reauthentication';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FormStatus } from '@/components/ui/form-status';
import { LoadStatus } from '@/components/ui/load-status';
import { Message } from '@/components/ui/message';
import { PasswordField } from '@/components/ui/password-field';
import { SettingRow } from '@/components/ui/setting-row';
import { formatDateTime } from '@/lib/format';
import { ApiError } from '@/lib/http-client';
import { useSessionUser } from '@/lib/session-store';
import { success, useSubmission } from '@/lib/use-submission';
import {
  disconnectIdentity,
  linkToken,
  mailReauthCode,
  reauthenticate,
  useIdentities,
} from './api/identities';
import { goTo, startUrl, useProviders } from './api/providers';
import { flowErrorOf, providerName } from './provider-error';

const SECURITY_PAGE = '/account/security';

/**
 * The confirming step of Connect and Disconnect: the password, or for an account without one a code mailed
 * on request (DESIGN 13). Its value is what the call takes as `{"password"}` or `{"code"}`.
 */
function ConfirmField({ onChange }: { onChange: (proof: ConfirmBody) => void }) {
  const hasPassword = useSessionUser()?.has_password !== false;
  const [value, setValue] = useState('');
  const mail = useSubmission();
  if (hasPassword)
    return (
      <PasswordField
        name="current-password"
        label="Your password"
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange({ password: next });
        }}
      />
    );
  return (
    <div className="flex flex-col gap-2">
      <Button
        variant="secondary"
        disabled={mail.pending}
        onClick={() =>
          void mail.submit(async () => {
            await mailReauthCode();
            return success('We e-mailed you a code. It works for 10 minutes.');
          })
        }
      >
        E-mail me a code
      </Button>
      <FormStatus pending={mail.pending} outcome={mail.outcome} pendingLabel="Sending the code" />
      <Field
        label="Code from the e-mail"
        name="one-time-code"
        autoComplete="one-time-code"
        inputMode="numeric"
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          onChange({ code: event.target.value.trim() });
        }}
      />
    </div>
  );
}

function IdentityItem({
  identity,
  name,
  onRemoved,
}: {
  identity: IdentityJson;
  name: string;
  onRemoved: (sentence: string) => Promise<void>;
}) {
  const [confirming, setConfirming] = useState(false);
  const [proof, setProof] = useState<ConfirmBody | null>(null);
  const { pending, outcome, submit } = useSubmission();

  function disconnect() {
    void submit(async () => {
      await disconnectIdentity(identity.id, proof ?? { password: '' });
      await onRemoved(`${name} was disconnected: it can no longer sign in to your account.`);
    });
  }

  return (
    <li className="flex flex-col gap-2 rounded-md border border-slate-200 p-3">
      <p className="font-medium break-all">
        {name}
        {identity.email ? ` · ${identity.email}` : ''}
      </p>
      <p className="text-sm text-slate-700">
        Connected {formatDateTime(identity.created_at)} ·{' '}
        {identity.last_used_at
          ? `last used ${formatDateTime(identity.last_used_at)}`
          : 'not used to sign in yet'}
      </p>
      {confirming ? (
        <form
          className="flex flex-col gap-2"
          aria-label={`Disconnect ${name}`}
          onSubmit={(event) => {
            event.preventDefault();
            disconnect();
          }}
        >
          <p>
            Disconnecting {name} means it can no longer sign in to your account. Please confirm it is you.
          </p>
          <ConfirmField onChange={setProof} />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" variant="danger" disabled={pending}>
              Disconnect {name}
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <Button variant="secondary" className="self-start" onClick={() => setConfirming(true)}>
          Disconnect
        </Button>
      )}
      <FormStatus pending={pending} outcome={outcome} pendingLabel={`Disconnecting ${name}`} />
    </li>
  );
}

/**
 * Connect: the one-time link token, then the provider's flow (a full navigation). A session older than 5
 * minutes is asked for the password or a mailed code first (DESIGN 7: connecting adds a way in).
 */
function ConnectForm({ providers, onCancel }: { providers: Provider[]; onCancel: () => void }) {
  const [askProof, setAskProof] = useState<string | null>(null);
  const [proof, setProof] = useState<ConfirmBody | null>(null);
  const submission = useSubmission();
  const { pending, outcome, submit } = submission;

  function connect(provider: Provider) {
    void submit(async () => {
      if (askProof !== null) await reauthenticate(proof ?? { password: '' });
      let token;
      try {
        token = await linkToken();
      } catch (error) {
        if (error instanceof ApiError && error.code === 'reauthentication_required') {
          setAskProof(error.message);
          return;
        }
        throw error;
      }
      goTo.assign(startUrl(provider.id, { linkToken: token.link_token, returnTo: SECURITY_PAGE }));
    });
  }

  return (
    <div className="flex flex-col gap-3" role="group" aria-label="Connect an account">
      {askProof !== null ? (
        <>
          <p>{askProof}</p>
          <ConfirmField onChange={setProof} />
        </>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {providers.map((provider) => (
          <Button
            key={provider.id}
            disabled={pending || !provider.available}
            onClick={() => connect(provider)}
          >
            Connect {provider.name}
          </Button>
        ))}
        <Button variant="secondary" disabled={pending} onClick={onCancel}>
          Cancel
        </Button>
      </div>
      <FormStatus pending={pending} outcome={outcome} pendingLabel="Opening the provider" />
    </div>
  );
}

/** The 'Connected accounts' row of /account/security (DESIGN 14); nothing when the server has no provider. */
export function ConnectedAccountsRow() {
  const { search } = useLocation();
  const { data: providers } = useProviders();
  const list = useIdentities(Boolean(providers && providers.length > 0));
  const { data: identities, reload } = list;
  const [removed, setRemoved] = useState<string | null>(null);
  if (!providers || providers.length === 0) return null;
  const flowError = flowErrorOf(search, providers);
  const connected = new URLSearchParams(search).get('connected');
  const linked = new Set((identities ?? []).map((identity) => identity.provider));
  const connectable = providers.filter((provider) => !linked.has(provider.id));
  return (
    <SettingRow
      title="Connected accounts"
      state={
        <p>
          Sign in with {providers.map((provider) => provider.name).join(' or ')} instead of your password.
        </p>
      }
      content={
        <>
          {flowError ? <Message tone="error">{flowError}</Message> : null}
          {connected && !flowError ? (
            <Message tone="success">
              {providerName(connected, providers)} is connected: you can now sign in with it.
            </Message>
          ) : null}
          <LoadStatus state={list} label="Loading your connected accounts" />
          {identities && identities.length > 0 ? (
            <ul aria-label="Your connected accounts" className="flex flex-col gap-3">
              {identities.map((identity) => (
                <IdentityItem
                  key={identity.id}
                  identity={identity}
                  name={providerName(identity.provider, providers)}
                  onRemoved={async (sentence) => {
                    setRemoved(sentence);
                    await reload();
                  }}
                />
              ))}
            </ul>
          ) : identities ? (
            <p>No account is connected yet.</p>
          ) : null}
          {removed ? <Message tone="success">{removed}</Message> : null}
        </>
      }
      action={connectable.length > 0 ? 'Connect' : undefined}
    >
      {connectable.length > 0
        ? (close) => <ConnectForm providers={connectable} onCancel={close} />
        : undefined}
    </SettingRow>
  );
}
