import { useState } from 'react';
import type { DeleteUserReply } from '@contract/users';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Form } from '@/components/ui/form';
import { FormStatus } from '@/components/ui/form-status';
import { Link } from '@/components/ui/link';
import { Page } from '@/components/ui/page';
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
  const { pending, outcome, submit, setOutcome } = useSubmission();

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
      <Form onSubmit={remove} label="Delete your account">
        <Field
          label="Username"
          type="email"
          name="username"
          autoComplete="username"
          placeholder="Username"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Field
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          placeholder="Password"
          hint={PASSWORD_EXPLANATION}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <Button type="submit" variant="danger" disabled={pending}>
          Delete Account
        </Button>
        <FormStatus pending={pending} outcome={outcome} pendingLabel="Deleting your account" />
      </Form>
    </Page>
  );
}
