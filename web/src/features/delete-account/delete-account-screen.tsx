import { useState } from 'react';
import type { DeleteUserReply } from '../../../../contract/users';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Form } from '../../components/ui/form';
import { FormStatus } from '../../components/ui/form-status';
import { Page } from '../../components/ui/page';
import { usePageConfig } from '../../lib/page-config-context';
import { sessionStore } from '../../lib/session-store';
import { failure, success, useSubmission } from '../../lib/use-submission';
import { deleteUser } from './api/delete-user';

export const PASSWORD_EXPLANATION =
  "Please enter the password to confirm that you want to delete the account. This action is irreversible!!! You can find the password by pressing the '?' symbol in the app.";

/** This page has no guard; if the account just deleted is the one signed in here, that session is gone too. */
function signOutIfDeleted(email: string) {
  const user = sessionStore.getUser();
  if (user && user.email.toLowerCase() === email.trim().toLowerCase()) sessionStore.clear();
}

/** DESIGN section 6, to the letter: the strings, the states and the order of events are the contract. */
export function DeleteAccountScreen() {
  const { supportEmail } = usePageConfig();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { pending, outcome, submit, setOutcome } = useSubmission();

  function remove() {
    setOutcome(null);
    if (!password) return setOutcome(failure('Please enter the password.'));
    void submit(async () => {
      // A transport error reads like a refusal, with the default support address.
      const reply: DeleteUserReply | null = await deleteUser({ email, password }).catch(() => null);
      if (reply?.success) {
        setEmail('');
        setPassword('');
        signOutIfDeleted(email);
        return success('Your account has been deleted.');
      }
      const address = reply?.email || supportEmail;
      return failure(
        <>
          Your account could not be deleted. Please contact support at:{' '}
          <a className="font-medium underline" href={`mailto:${address}`}>
            {address}
          </a>
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
