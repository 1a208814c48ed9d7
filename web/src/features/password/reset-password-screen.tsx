import { useState } from 'react';
import { Field } from '@/components/ui/field';
import { Page } from '@/components/ui/page';
import { Link } from '@/components/ui/link';
import { SubmitForm } from '@/components/ui/submit-form';
import { paths } from '@/lib/paths';
import { failure, success, useSubmission } from '@/lib/use-submission';
import { EMPTY_FIELD } from '@/lib/empty-field';
import { resetPassword } from './api/reset-password';

/** The same words whether or not the account exists, so the page cannot be used to probe for accounts. */
export const resetSentMessage = (email: string) =>
  `If an account exists for ${email}, we have sent it an e-mail with a link to choose a new password. The link works for 60 minutes. Nothing there? Check your spam folder, or ask again.`;

export function ResetPasswordScreen() {
  const [email, setEmail] = useState('');
  const submission = useSubmission();
  const { submit, setOutcome } = submission;

  function send() {
    const address = email.trim();
    if (!address) return setOutcome(failure(EMPTY_FIELD.email));
    void submit(async () => {
      await resetPassword({ email: address });
      return success(resetSentMessage(address));
    });
  }

  return (
    <Page title="Forgot your password?">
      <p>Enter the e-mail address of your account and we will send you a link to choose a new password.</p>
      <SubmitForm
        onSubmit={send}
        submission={submission}
        submitLabel="Send the link"
        pendingLabel="Sending the link"
        wide
      >
        <Field
          label="E-mail"
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </SubmitForm>
      <p>
        Remembered it? <Link to={paths.login}>Back to sign in</Link>
      </p>
    </Page>
  );
}
