import { useState } from 'react';
import { useParams } from 'react-router';
import { FormStatus } from '@/components/ui/form-status';
import { Link } from '@/components/ui/link';
import { Page } from '@/components/ui/page';
import { SubmitForm } from '@/components/ui/submit-form';
import { ApiError, sentenceOf } from '@/lib/http-client';
import { keepMe } from '@/lib/me';
import { paths } from '@/lib/paths';
import { sessionStore } from '@/lib/session-store';
import { failure, success, useSubmission } from '@/lib/use-submission';
import { confirmEmailVerification } from './api/confirm-email-verification';

/**
 * The link of the sign-up mail (DESIGN 13). It confirms on the press of a button, not on opening, so a mail
 * scanner that follows links confirms nothing (decision 168); it needs no sign-in. A link that cannot work is
 * said on that press, with the server's sentence (decision 179: there is nothing to type first).
 */
export function VerifyEmailScreen() {
  const { token = '' } = useParams();
  const submission = useSubmission();
  const [confirmed, setConfirmed] = useState(false);

  function confirm() {
    void submission.submit(async () => {
      let signedInHere: boolean;
      try {
        const me = await confirmEmailVerification({ token });
        signedInHere = sessionStore.getUser()?.id === me.id;
        // The account page of this browser drops its banner at once (its push may come a moment later).
        if (signedInHere) keepMe(me);
      } catch (error) {
        if (error instanceof ApiError && error.status === 400)
          return failure(
            <>
              {sentenceOf(error)} <Link to={paths.account}>Go to your account</Link>
            </>,
          );
        throw error;
      }
      setConfirmed(true);
      return success(
        <>
          Your e-mail address is confirmed.{' '}
          {signedInHere ? (
            <>
              You can now subscribe to a plan. <Link to={paths.account}>Back to your account</Link>
            </>
          ) : (
            <>
              You can close this page, or <Link to={paths.login}>sign in</Link> to go on.
            </>
          )}
        </>,
      );
    });
  }

  return (
    <Page title="Verify your e-mail address">
      {confirmed ? (
        <FormStatus
          pending={submission.pending}
          outcome={submission.outcome}
          pendingLabel="Confirming your e-mail address"
        />
      ) : (
        <SubmitForm
          onSubmit={confirm}
          submission={submission}
          submitLabel="Confirm my e-mail address"
          pendingLabel="Confirming your e-mail address"
          wide
        >
          <p>
            Press the button to confirm that the address this link was sent to is yours. Then receipts,
            password resets and security mails reach you, and you can subscribe.
          </p>
        </SubmitForm>
      )}
    </Page>
  );
}
