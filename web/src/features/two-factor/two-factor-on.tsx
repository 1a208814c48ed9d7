import { Button } from '@/components/ui/button';
import { IdentityProofField, useIdentityProof } from '@/components/ui/identity-proof';
import { SubmitForm } from '@/components/ui/submit-form';
import { failure, useSubmission } from '@/lib/use-submission';
import { disableTwoFactor, newRecoveryCodes } from './api/two-factor';
import type { ShownCodes } from './recovery-codes-notice';

type Step = 'turning-off' | 'new-codes';

export const TWO_FACTOR_ON =
  'Two-step sign-in is on: signing in with your password also asks for a code from your authenticator app.';

/** What each step will do, said before it is done. */
const CONSEQUENCES: Record<Step, string> = {
  'turning-off':
    'If you turn off two-step sign-in, your password alone will sign in to your account: codes from your authenticator app will no longer be asked for, and your recovery codes will stop working. We will e-mail you that it is off.',
  'new-codes':
    'New recovery codes replace your current ones: the old codes, used or not, stop working at once. We will e-mail you that new codes were made.',
};

export const codesLeftText = (left: number) =>
  left === 1 ? '1 recovery code is left.' : `${left} recovery codes are left.`;

/** While on: turning it off, or new recovery codes, each behind the password (or a mailed code) and said before it is done. */
export function TwoFactorStep({
  step,
  onDone,
  onCancel,
}: {
  step: Step;
  /** New codes are handed over; turning off hands nothing. */
  onDone: (codes?: ShownCodes) => Promise<void>;
  onCancel: () => void;
}) {
  const identity = useIdentityProof();
  const submission = useSubmission();
  const { pending, submit, setOutcome } = submission;

  function go() {
    const proof = identity.proof();
    if (!proof) return setOutcome(failure(identity.empty));
    void submit(async () => {
      if (step === 'turning-off') {
        await disableTwoFactor(proof);
        await onDone();
        return;
      }
      const codes = await newRecoveryCodes(proof);
      await onDone({ codes, headline: 'New recovery codes are ready. Your old codes no longer work.' });
    });
  }

  return (
    <SubmitForm
      label={step === 'turning-off' ? 'Turn off two-step sign-in' : 'Make new recovery codes'}
      onSubmit={go}
      submission={submission}
      submitLabel={step === 'turning-off' ? 'Yes, turn off two-step sign-in' : 'Make new recovery codes'}
      pendingLabel={identity.checking}
      danger={step === 'turning-off'}
      actions={
        <Button variant="secondary" disabled={pending} onClick={onCancel}>
          {step === 'turning-off' ? 'Keep it on' : 'Cancel'}
        </Button>
      }
    >
      <p>{CONSEQUENCES[step]}</p>
      <IdentityProofField
        proof={identity}
        hint="Confirm your password to go on."
        name="two-factor-password"
      />
    </SubmitForm>
  );
}
