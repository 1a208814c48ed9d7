import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { SubmitForm } from '@/components/ui/submit-form';
import { failure, useSubmission } from '@/lib/use-submission';
import { loginWithCode } from './api/login-with-code';
import type { User } from '@contract/users';

type Method = 'totp' | 'recovery_code';

const TEXTS: Record<Method, { intro: string; label: string; empty: string; other: string }> = {
  totp: {
    intro:
      'Two-step sign-in is on for this account. Enter the 6-digit code your authenticator app shows now.',
    label: 'Code from your authenticator app',
    empty: 'Please enter the 6-digit code your authenticator app shows.',
    other: 'Use a recovery code instead',
  },
  recovery_code: {
    intro:
      'Enter one of the recovery codes you saved when you turned on two-step sign-in. Each code works once.',
    label: 'Recovery code',
    empty: 'Please enter one of your recovery codes.',
    other: 'Use a code from your authenticator app instead',
  },
};

/** The second step of a password (or mailed code) sign-in when the account asks for one: a code, or a recovery code. */
export function CodeStep({
  challenge,
  onSignedIn,
  onStartOver,
  startOverLabel = 'Start again with your password',
}: {
  challenge: string;
  onSignedIn: (user: User) => Promise<void>;
  onStartOver: () => void;
  /** The first step's way back: the password's, or (after a mailed code) the sign-in form's. */
  startOverLabel?: string;
}) {
  const [method, setMethod] = useState<Method>('totp');
  const [code, setCode] = useState('');
  const submission = useSubmission();
  const { pending, submit, setOutcome } = submission;
  const texts = TEXTS[method];

  function verify() {
    if (!code.trim()) return setOutcome(failure(texts.empty));
    void submit(async () => onSignedIn(await loginWithCode(challenge, code.trim())));
  }

  function switchMethod() {
    setMethod(method === 'totp' ? 'recovery_code' : 'totp');
    setCode('');
    setOutcome(null);
  }

  return (
    <SubmitForm
      label="Two-step sign-in"
      onSubmit={verify}
      submission={submission}
      submitLabel="Verify"
      pendingLabel="Checking the code"
      wide
      actions={
        <>
          <Button variant="secondary" disabled={pending} onClick={switchMethod}>
            {texts.other}
          </Button>
          <Button variant="secondary" disabled={pending} onClick={onStartOver}>
            {startOverLabel}
          </Button>
        </>
      }
    >
      <p>{texts.intro}</p>
      <Field
        key={method}
        label={texts.label}
        name={method === 'totp' ? 'one-time-code' : 'recovery-code'}
        autoComplete={method === 'totp' ? 'one-time-code' : 'off'}
        inputMode={method === 'totp' ? 'numeric' : 'text'}
        autoFocus
        value={code}
        onChange={(event) => setCode(event.target.value)}
      />
    </SubmitForm>
  );
}
