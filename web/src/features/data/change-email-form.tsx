import { useState } from 'react';
import { Field } from '@/components/ui/field';
import { Button } from '@/components/ui/button';
import { IdentityProofField, useIdentityProof } from '@/components/ui/identity-proof';
import { SubmitForm } from '@/components/ui/submit-form';
import { failure, success, useSubmission } from '@/lib/use-submission';
import { requestEmailChange } from './api/request-email-change';

/** DESIGN section 12: the new address must confirm itself through a mailed link. */
export function ChangeEmailForm({ onCancel }: { onCancel?: () => void }) {
  const [email, setEmail] = useState('');
  const identity = useIdentityProof();
  const submission = useSubmission();
  const { submit, setOutcome } = submission;

  function change() {
    const address = email.trim();
    if (!address) return setOutcome(failure('Please enter the new e-mail address.'));
    const proof = identity.proof();
    if (!proof) return setOutcome(failure(identity.empty));
    void submit(async () => {
      await requestEmailChange({ email: address, ...proof });
      setEmail('');
      identity.clear();
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
      <IdentityProofField
        proof={identity}
        hint="Your current password, to show it is you."
        name="email-change-password"
      />
    </SubmitForm>
  );
}
