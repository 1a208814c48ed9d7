import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Form } from '@/components/ui/form';
import { FormStatus } from '@/components/ui/form-status';
import { Page } from '@/components/ui/page';
import { Link } from '@/components/ui/link';
import { paths } from '@/lib/paths';
import { failure, success, useSubmission } from '@/lib/use-submission';
import { EMPTY_FIELD } from '@/lib/empty-field';
import { resetPassword } from './api/reset-password';

/** The same words whether or not the account exists, so the page cannot be used to probe for accounts. */
export const resetSentMessage = (email: string) =>
  `If an account exists for ${email}, we have sent it an e-mail with a link to choose a new password. The link works for 60 minutes. Nothing there? Check your spam folder, or ask again.`;

export function ResetPasswordScreen() {
  const [email, setEmail] = useState('');
  const { pending, outcome, submit, setOutcome } = useSubmission();

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
      <Form onSubmit={send}>
        <Field
          label="E-mail"
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Button type="submit" disabled={pending}>
          Send the link
        </Button>
        <FormStatus pending={pending} outcome={outcome} pendingLabel="Sending the link" />
      </Form>
      <p>
        Remembered it? <Link to={paths.login}>Back to sign in</Link>
      </p>
    </Page>
  );
}
