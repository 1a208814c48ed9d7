import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { PasswordField } from '@/components/ui/password-field';
import { SubmitForm } from '@/components/ui/submit-form';
import { EMPTY_FIELD } from '@/lib/empty-field';
import { failure, useSubmission } from '@/lib/use-submission';
import { disableTwoFactor, newRecoveryCodes } from './api/two-factor';
import type { ShownCodes } from './recovery-codes-notice';

type Step = 'idle' | 'turning-off' | 'new-codes';

/** What each step will do, said before it is done. */
const CONSEQUENCES: Record<Exclude<Step, 'idle'>, string> = {
  'turning-off':
    'If you turn off two-step sign-in, your password alone will sign in to your account: codes from your authenticator app will no longer be asked for, and your recovery codes will stop working. We will e-mail you that it is off.',
  'new-codes':
    'New recovery codes replace your current ones: the old codes, used or not, stop working at once. We will e-mail you that new codes were made.',
};

const codesLeftText = (left: number) =>
  left === 1 ? '1 recovery code is left.' : `${left} recovery codes are left.`;

/** On: how many recovery codes are left, new codes, and turning it off, each behind the password. */
export function TwoFactorOn({
  codesLeft,
  onNewCodes,
  onTurnedOff,
}: {
  codesLeft: number;
  onNewCodes: (codes: ShownCodes) => void;
  onTurnedOff: () => Promise<void>;
}) {
  const [step, setStep] = useState<Step>('idle');
  const [password, setPassword] = useState('');
  const submission = useSubmission();
  const { pending, submit, setOutcome } = submission;

  function choose(next: Step) {
    setPassword('');
    setOutcome(null);
    setStep(next);
  }

  function go() {
    if (!password) return setOutcome(failure(EMPTY_FIELD.password));
    void submit(async () => {
      if (step === 'turning-off') {
        await disableTwoFactor(password);
        await onTurnedOff();
        return;
      }
      const codes = await newRecoveryCodes(password);
      choose('idle');
      onNewCodes({ codes, headline: 'New recovery codes are ready. Your old codes no longer work.' });
    });
  }

  return (
    <>
      <p>
        Two-step sign-in is on: signing in with your password also asks for a code from your authenticator
        app. {codesLeftText(codesLeft)}
      </p>
      {step === 'idle' ? (
        <div className="flex flex-wrap gap-2">
          <Button variant="quiet" onClick={() => choose('new-codes')}>
            Make new recovery codes
          </Button>
          <Button variant="danger" onClick={() => choose('turning-off')}>
            Turn off two-step sign-in
          </Button>
        </div>
      ) : (
        <SubmitForm
          label={step === 'turning-off' ? 'Turn off two-step sign-in' : 'Make new recovery codes'}
          onSubmit={go}
          submission={submission}
          submitLabel={step === 'turning-off' ? 'Yes, turn off two-step sign-in' : 'Make new recovery codes'}
          pendingLabel="Checking your password"
          danger={step === 'turning-off'}
          actions={
            <Button variant="quiet" disabled={pending} onClick={() => choose('idle')}>
              {step === 'turning-off' ? 'Keep it on' : 'Cancel'}
            </Button>
          }
        >
          <p>{CONSEQUENCES[step]}</p>
          <PasswordField
            hint="Confirm your password to go on."
            name="two-factor-password"
            value={password}
            onChange={setPassword}
          />
        </SubmitForm>
      )}
    </>
  );
}
