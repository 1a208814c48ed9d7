import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { IdentityProofField, useIdentityProof } from '@/components/ui/identity-proof';
import { NewPasswordField } from '@/components/ui/new-password-field';
import { SubmitForm } from '@/components/ui/submit-form';
import { EMPTY_FIELD } from '@/lib/empty-field';
import { refreshStoredUser } from '@/lib/me';
import { refusalOf, type Refusal } from '@/lib/password-refusal';
import { useSessionUser } from '@/lib/session-store';
import { failure, success, useSubmission } from '@/lib/use-submission';
import { setPassword as setFirstPassword } from './api/set-password';

/**
 * An account without a password (DESIGN 13) sets its first one: a mailed code shows it is the owner, then the
 * new password. Once set, the page reads the account again, so every confirming step asks for the password.
 */
export function SetPasswordForm({
  onCancel,
  onSet,
}: {
  onCancel?: () => void;
  onSet: (said: string) => void;
}) {
  const identity = useIdentityProof();
  const [password, setPassword] = useState('');
  const [refused, setRefused] = useState<Refusal | null>(null);
  const email = useSessionUser()?.email ?? '';
  const submission = useSubmission();
  const { submit, setOutcome, pending } = submission;

  function save() {
    const proof = identity.proof();
    if (!proof || !('code' in proof)) return setOutcome(failure(identity.empty));
    if (!password) return setOutcome(failure(EMPTY_FIELD.newAccountPassword));
    void submit(async () => {
      try {
        await setFirstPassword({ code: proof.code, password });
      } catch (error) {
        setRefused(refusalOf(error, password));
        throw error;
      }
      onSet(
        'Your password is set. You can now sign in with it, as well as with a code sent to your address.',
      );
      await refreshStoredUser().catch(() => {});
      return success('Your password is set.');
    });
  }

  return (
    <SubmitForm
      label="Set a password"
      onSubmit={save}
      submission={submission}
      submitLabel="Set password"
      pendingLabel="Setting your password"
      actions={
        onCancel ? (
          <Button variant="secondary" disabled={pending} onClick={onCancel}>
            Cancel
          </Button>
        ) : null
      }
    >
      <IdentityProofField proof={identity} name="set-password-code" />
      <NewPasswordField
        label="New password"
        value={password}
        onChange={setPassword}
        email={email}
        refused={refused}
      />
    </SubmitForm>
  );
}
