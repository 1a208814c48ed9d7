import { useState } from 'react';
import { useParams } from 'react-router';
import { API_PATHS } from '@contract/api-paths';
import { CheckedLinkForm } from '@/components/ui/checked-link';
import { Link } from '@/components/ui/link';
import { Page } from '@/components/ui/page';
import { ApiError, sentenceOf } from '@/lib/http-client';
import { refreshStoredUser } from '@/lib/me';
import { paths } from '@/lib/paths';
import { sessionStore } from '@/lib/session-store';
import { failure, success, useSubmission } from '@/lib/use-submission';
import { confirmEmailChange } from './api/confirm-email-change';

const toAccount = <Link to={paths.account}>Go to your account</Link>;

/**
 * The link of the confirmation mail: checked when it opens, then the change is made by a button, not by
 * the opening, so a mail scanner that follows links cannot move the account (decision 168).
 */
export function ConfirmEmailScreen() {
  const { token = '' } = useParams();
  const submission = useSubmission();
  const [confirmed, setConfirmed] = useState(false);

  function confirm() {
    void submission.submit(async () => {
      let email: string;
      let signedInHere: boolean;
      try {
        const me = await confirmEmailChange(token);
        email = me.email;
        signedInHere = sessionStore.getUser()?.id === me.id;
      } catch (error) {
        if (error instanceof ApiError && error.status === 400)
          return failure(
            <>
              {sentenceOf(error)} {toAccount}
            </>,
          );
        throw error;
      }
      // The toolbar and the account page show the address the server now has.
      if (signedInHere) void refreshStoredUser().catch(() => {});
      setConfirmed(true);
      return success(
        <>
          Your e-mail address is now <strong>{email}</strong>. Use it to sign in from now on.{' '}
          {signedInHere ? (
            <Link to={paths.account}>Back to your account</Link>
          ) : (
            <Link to={paths.login}>Sign in</Link>
          )}
        </>,
      );
    });
  }

  return (
    <Page title="Confirm your e-mail address">
      <CheckedLinkForm
        path={API_PATHS.checkEmailChangeLink}
        token={token}
        next={toAccount}
        done={confirmed}
        onSubmit={confirm}
        submission={submission}
        submitLabel="Confirm the new address"
        pendingLabel="Confirming your e-mail address"
      >
        <p>
          Your account will sign in with the address this link was sent to. The old address gets a link that
          undoes the change for 7 days.
        </p>
      </CheckedLinkForm>
    </Page>
  );
}
