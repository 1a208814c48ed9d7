import { useState } from 'react';
import type { TwoFactorSetupReply } from '@contract/two-factor';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { IdentityProofField, useIdentityProof } from '@/components/ui/identity-proof';
import { SubmitForm } from '@/components/ui/submit-form';
import { failure, useSubmission } from '@/lib/use-submission';
import { enableTwoFactor, setUpTwoFactor } from './api/two-factor';
import type { ShownCodes } from './recovery-codes-notice';

export const ENTER_CODE = 'Please enter the 6-digit code your authenticator app shows.';

/** The secret in groups of four, easier to type into an app by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/** Off: confirm the password (or a mailed code) to get a QR code, scan it, and confirm with a code to turn it on. */
export const TWO_FACTOR_OFF =
  'Two-step sign-in is off. When it is on, signing in with your password also asks for a 6-digit code from an authenticator app on your phone, so a stolen password alone is not enough.';

export function TwoFactorOff({
  onEnabled,
  onCancel,
}: {
  onEnabled: (codes: ShownCodes) => Promise<void>;
  onCancel: () => void;
}) {
  const identity = useIdentityProof();
  const [code, setCode] = useState('');
  const [setup, setSetup] = useState<TwoFactorSetupReply | null>(null);
  const submission = useSubmission();
  const { pending, submit, setOutcome } = submission;

  function start() {
    const proof = identity.proof();
    if (!proof) return setOutcome(failure(identity.empty));
    void submit(async () => {
      setSetup(await setUpTwoFactor(proof));
      identity.clear();
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
        <SubmitForm
          label="Confirm two-step sign-in"
          onSubmit={confirm}
          submission={submission}
          submitLabel="Turn on two-step sign-in"
          pendingLabel="Checking the code"
          actions={
            <Button variant="secondary" disabled={pending} onClick={onCancel}>
              Cancel
            </Button>
          }
        >
          <Field
            label="2. Enter the 6-digit code the app shows"
            name="one-time-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
        </SubmitForm>
      </>
    );

  return (
    <SubmitForm
      label="Set up two-step sign-in"
      onSubmit={start}
      submission={submission}
      submitLabel="Set up two-step sign-in"
      pendingLabel={identity.checking}
      actions={
        <Button variant="secondary" disabled={pending} onClick={onCancel}>
          Cancel
        </Button>
      }
    >
      <IdentityProofField
        proof={identity}
        hint="Confirm your password to set it up."
        name="two-factor-password"
      />
    </SubmitForm>
  );
}
