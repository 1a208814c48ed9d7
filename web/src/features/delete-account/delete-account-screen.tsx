import { useState } from 'react';
import type { DeleteUserReply } from '@contract/users';
import { Field } from '@/components/ui/field';
import { Link } from '@/components/ui/link';
import { Page } from '@/components/ui/page';
import { PasswordField } from '@/components/ui/password-field';
import { SubmitForm } from '@/components/ui/submit-form';
import { usePageConfig } from '@/lib/page-config-context';
import { sessionStore } from '@/lib/session-store';
import { failure, success, useSubmission } from '@/lib/use-submission';
import { EMPTY_FIELD } from '@/lib/empty-field';
import { deleteUser } from './api/delete-user';

export const PASSWORD_EXPLANATION =
  "Please enter the password to confirm that you want to delete the account. This action is irreversible!!! You can find the password by pressing the '?' symbol in the app.";

/**
 * This page has no guard: when the e-mail names the account signed in here (e-mails are unique, compared
 * as the server compares them), deleting it ends this page's session too. That token, or null.
 */
function ownSessionEndedBy(email: string): string | null {
  const user = sessionStore.getUser();
  const own = user && user.email.toLowerCase() === email.trim().toLowerCase();
  return own ? sessionStore.token : null;
}

/** DESIGN section 6, to the letter: the strings, the states and the order of events are the contract. */
export function DeleteAccountScreen() {
  const { supportEmail } = usePageConfig();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const submission = useSubmission();
  const { submit, setOutcome } = submission;

  function remove() {
    setOutcome(null);
    if (!password) return setOutcome(failure(EMPTY_FIELD.deletePassword));
    void submit(async () => {
      // Said before the call: the `account_deleted` push that may come before the reply is this page's own.
      const ending = ownSessionEndedBy(email);
      if (ending) sessionStore.announceSignOut(ending);
      // A transport error reads like a refusal, with the default support address.
      const reply: DeleteUserReply | null = await deleteUser({ email, password }).catch(() => null);
      if (reply?.success) {
        setEmail('');
        setPassword('');
        if (ending) sessionStore.signOut({ reason: 'deleted_here', token: ending });
        return success('Your account has been deleted.');
      }
      if (ending) sessionStore.withdrawSignOut(ending);
      const address = reply?.email || supportEmail;
      return failure(
        <>
          Your account could not be deleted. Please contact support at:{' '}
          <Link href={`mailto:${address}`}>{address}</Link>
        </>,
      );
    });
  }

  return (
    <Page title="Delete your account">
      <SubmitForm
        label="Delete your account"
        onSubmit={remove}
        submission={submission}
        submitLabel="Delete Account"
        pendingLabel="Deleting your account"
        danger
        wide
      >
        <Field
          label="Username"
          type="email"
          name="username"
          autoComplete="username"
          placeholder="Username"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <PasswordField
          name="password"
          placeholder="Password"
          hint={PASSWORD_EXPLANATION}
          value={password}
          onChange={setPassword}
        />
      </SubmitForm>
    </Page>
  );
}
