import { useState } from 'react';
import type { TwoFactorSetupReply } from '@contract/two-factor';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Form } from '@/components/ui/form';
import { FormStatus } from '@/components/ui/form-status';
import { Message } from '@/components/ui/message';
import { EMPTY_FIELD } from '@/lib/empty-field';
import { failure, useSubmission } from '@/lib/use-submission';
import { enableTwoFactor, setUpTwoFactor } from './api/two-factor';
import type { ShownCodes } from './recovery-codes-notice';

export const ENTER_CODE = 'Please enter the 6-digit code your authenticator app shows.';

/** The secret in groups of four, easier to type into an app by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/** Off: confirm the password to get a QR code, scan it, and confirm with a code to turn it on. */
export function TwoFactorOff({
  justTurnedOff,
  onEnabled,
}: {
  justTurnedOff: boolean;
  onEnabled: (codes: ShownCodes) => Promise<void>;
}) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [setup, setSetup] = useState<TwoFactorSetupReply | null>(null);
  const { pending, outcome, submit, setOutcome } = useSubmission();

  function start() {
    if (!password) return setOutcome(failure(EMPTY_FIELD.password));
    void submit(async () => {
      setSetup(await setUpTwoFactor(password));
      setPassword('');
    });
  }

  function confirm() {
    if (!code.trim()) return setOutcome(failure(ENTER_CODE));
    void submit(async () => {
      const codes = await enableTwoFactor(code.trim());
      await onEnabled({
        codes,
        headline:
          'Two-step sign-in is on. From now on, signing in with your password also asks for a code from your app.',
      });
    });
  }

  if (setup)
    return (
      <>
        <p>
          1. Scan this QR code with an authenticator app on your phone (for example Google Authenticator,
          Microsoft Authenticator, 1Password or Aegis).
        </p>
        <figure className="flex flex-col items-center gap-2">
          <img
            src={setup.qr_code}
            alt="QR code to scan with your authenticator app"
            width={240}
            height={240}
            className="h-60 w-60 max-w-full"
          />
          <figcaption className="text-center">
            Can’t scan it? Enter this key in the app instead:{' '}
            <code aria-label="Set-up key" className="font-mono break-all">
              {grouped(setup.secret)}
            </code>
          </figcaption>
        </figure>
        <Form onSubmit={confirm} label="Confirm two-step sign-in">
          <Field
            label="2. Enter the 6-digit code the app shows"
            name="one-time-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={pending}>
              Turn on two-step sign-in
            </Button>
            <Button variant="quiet" disabled={pending} onClick={() => setSetup(null)}>
              Cancel
            </Button>
          </div>
          <FormStatus pending={pending} outcome={outcome} pendingLabel="Checking the code" />
        </Form>
      </>
    );

  return (
    <>
      {justTurnedOff ? (
        <Message tone="success">
          Two-step sign-in is off. Your password alone now signs in, and your recovery codes no longer work.
        </Message>
      ) : null}
      <p>
        Two-step sign-in is off. When it is on, signing in with your password also asks for a 6-digit code
        from an authenticator app on your phone, so a stolen password alone is not enough.
      </p>
      <Form onSubmit={start} label="Set up two-step sign-in">
        <Field
          label="Password"
          hint="Confirm your password to set it up."
          type="password"
          name="two-factor-password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <Button type="submit" disabled={pending} className="self-start">
          Set up two-step sign-in
        </Button>
        <FormStatus pending={pending} outcome={outcome} pendingLabel="Checking your password" />
      </Form>
    </>
  );
}
