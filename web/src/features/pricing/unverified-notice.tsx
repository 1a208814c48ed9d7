import { ERROR_MESSAGES } from '@contract/errors';
import { Button } from '@/components/ui/button';
import { FormStatus } from '@/components/ui/form-status';
import { Link } from '@/components/ui/link';
import { requestVerificationMail } from '@/lib/email-verification';
import { ApiError } from '@/lib/http-client';
import { refreshStoredUser } from '@/lib/me';
import { paths } from '@/lib/paths';
import { useSessionUser } from '@/lib/session-store';
import { success, useSubmission } from '@/lib/use-submission';

/**
 * Why a signed-in account whose address is not confirmed cannot subscribe yet (DESIGN 13), in the sentence the
 * server's POST /api/v1/subscriptions would refuse it with (`email_not_verified`), and the two ways on: a new
 * code by mail, or the account page where the code is typed.
 */
export function UnverifiedNotice() {
  const email = useSessionUser()?.email ?? 'your address';
  const { pending, outcome, submit } = useSubmission();

  function sendNew() {
    void submit(async () => {
      try {
        await requestVerificationMail();
      } catch (error) {
        // Confirmed meanwhile: reading the account again lifts this notice and shows the plans' buttons.
        if (error instanceof ApiError && error.code === 'already_verified') {
          await refreshStoredUser();
          return;
        }
        throw error;
      }
      return success(
        <>
          We sent a new code to {email}. Enter it on <Link to={paths.account}>your account page</Link>, or
          open the link in the mail.
        </>,
      );
    });
  }

  return (
    <section
      aria-labelledby="unverified-title"
      className="flex flex-col gap-3 rounded-lg border border-blue-300 bg-blue-50 p-4 text-blue-950"
    >
      <h2 id="unverified-title" className="text-lg font-semibold">
        Confirm your e-mail address to subscribe
      </h2>
      <p>{ERROR_MESSAGES.email_not_verified}</p>
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" disabled={pending} onClick={sendNew}>
          Send a new code
        </Button>
        <Link to={paths.account}>Confirm it on your account page</Link>
      </div>
      <FormStatus pending={pending} outcome={outcome} pendingLabel="Sending a new code" />
    </section>
  );
}
