import { useState } from 'react';
import { Field } from '@/components/ui/field';
import { Button } from '@/components/ui/button';
import { PasswordField } from '@/components/ui/password-field';
import { SubmitForm } from '@/components/ui/submit-form';
import { EMPTY_FIELD } from '@/lib/empty-field';
import { failure, success, useSubmission } from '@/lib/use-submission';
import { requestEmailChange } from './api/request-email-change';

/** DESIGN section 12: the new address must confirm itself through a mailed link. */
export function ChangeEmailForm({ onCancel }: { onCancel?: () => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const submission = useSubmission();
  const { submit, setOutcome } = submission;

  function change() {
    const address = email.trim();
    if (!address) return setOutcome(failure('Please enter the new e-mail address.'));
    if (!password) return setOutcome(failure(EMPTY_FIELD.password));
    void submit(async () => {
      await requestEmailChange({ email: address, password });
      setEmail('');
      setPassword('');
      return success(
        `We sent a link to ${address}. Open it within 60 minutes to make it your address; until then, your account keeps its current one.`,
      );
    });
  }

  return (
    <SubmitForm
      label="Change e-mail"
      onSubmit={change}
      submission={submission}
      submitLabel="Change e-mail"
      pendingLabel="Sending the link"
      actions={
        onCancel ? (
          <Button variant="secondary" disabled={submission.pending} onClick={onCancel}>
            Cancel
          </Button>
        ) : null
      }
    >
      <Field
        label="New e-mail address"
        type="email"
        name="new-email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <PasswordField
        hint="Your current password, to show it is you."
        name="email-change-password"
        value={password}
        onChange={setPassword}
      />
    </SubmitForm>
  );
}
