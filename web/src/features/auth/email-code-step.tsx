import { useState } from 'react';
import { EMAIL_CODE_MINUTES } from '@contract/email-codes';
import type { LoginReply } from '@contract/users';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { SubmitForm } from '@/components/ui/submit-form';
import { EMPTY_FIELD } from '@/lib/empty-field';
import { failure, success, useSubmission } from '@/lib/use-submission';
import { loginWithEmailCode } from './api/login-with-email-code';
import { requestSignInCode } from './api/request-sign-in-code';

const minutes = EMAIL_CODE_MINUTES.sign_in;

/**
 * The second screen of 'Email me a sign-in code' (DESIGN 13): the code mailed to `email`, or a new one. The reply
 * is the login call's: a user, or the two-step code step's challenge, which the login screen takes on.
 */
export function EmailCodeStep({
  email,
  onReply,
  onStartOver,
}: {
  email: string;
  onReply: (reply: LoginReply) => Promise<void>;
  onStartOver: () => void;
}) {
  const [code, setCode] = useState('');
  const submission = useSubmission();
  const { pending, submit, setOutcome } = submission;

  function signIn() {
    const typed = code.replace(/\s+/g, '');
    if (!typed) return setOutcome(failure(EMPTY_FIELD.mailedCode));
    void submit(async () => onReply(await loginWithEmailCode(email, typed)));
  }

  function sendNew() {
    void submit(async () => {
      await requestSignInCode(email);
      setCode('');
      return success(`We sent a new code to ${email}. Codes sent before it no longer work.`);
    });
  }

  return (
    <SubmitForm
      label="Sign in with a code by e-mail"
      onSubmit={signIn}
      submission={submission}
      submitLabel="Sign in"
      pendingLabel="Signing in"
      wide
      actions={
        <>
          <Button variant="secondary" disabled={pending} onClick={sendNew}>
            Send a new code
          </Button>
          <Button variant="secondary" disabled={pending} onClick={onStartOver}>
            Use your password instead
          </Button>
        </>
      }
    >
      <p>
        If an account with a confirmed address uses <strong className="break-all">{email}</strong>, we sent it
        a 6-digit code. It works for {minutes} minutes. Nobody from us will ask you for it.
      </p>
      <Field
        label="Code from the e-mail"
        name="one-time-code"
        inputMode="numeric"
        autoComplete="one-time-code"
        autoFocus
        value={code}
        onChange={(event) => setCode(event.target.value)}
      />
    </SubmitForm>
  );
}
