import { useState } from 'react';
import { EMAIL_CODE_MINUTES } from '@contract/email-codes';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Message } from '@/components/ui/message';
import { SubmitForm } from '@/components/ui/submit-form';
import { requestVerificationMail } from '@/lib/email-verification';
import { EMPTY_FIELD } from '@/lib/empty-field';
import { ApiError } from '@/lib/http-client';
import { keepMe, refreshStoredUser } from '@/lib/me';
import { useSessionUser } from '@/lib/session-store';
import { failure, success, useSubmission } from '@/lib/use-submission';
import { confirmEmailVerification } from './api/confirm-email-verification';

const minutes = EMAIL_CODE_MINUTES.verify;

export const CONFIRMED =
  'Your e-mail address is confirmed. You can now subscribe to a plan and sign in with a code sent to it.';

/**
 * The profile page's banner while the account's address is not confirmed (DESIGN 13): the code of the sign-up
 * mail, or a new one. It goes when the code confirms the address, and on every open page when the address is
 * confirmed elsewhere (the `email_verified` push reloads the stored user).
 */
export function VerifyEmailBanner() {
  const user = useSessionUser();
  // What the banner said as it went, when it went because of this page.
  const [said, setSaid] = useState<string | null>(null);
  if (!user) return null;
  if (user.email_verified !== false) return said ? <Message tone="success">{said}</Message> : null;
  return <Banner email={user.email} onGone={setSaid} />;
}

function Banner({ email, onGone }: { email: string; onGone: (sentence: string) => void }) {
  const [code, setCode] = useState('');
  const submission = useSubmission();
  const { submit, setOutcome, pending } = submission;

  function confirm() {
    const typed = code.replace(/\s+/g, '');
    if (!typed) return setOutcome(failure(EMPTY_FIELD.mailedCode));
    void submit(async () => {
      const me = await confirmEmailVerification({ code: typed });
      onGone(CONFIRMED);
      keepMe(me);
    });
  }

  function sendNew() {
    void submit(async () => {
      try {
        await requestVerificationMail();
      } catch (error) {
        // Confirmed meanwhile (its link, another page): the server's word, and the page catches up.
        if (error instanceof ApiError && error.code === 'already_verified') {
          onGone(error.message);
          await refreshStoredUser();
          return;
        }
        throw error;
      }
      setCode('');
      return success(
        `We sent a new code to ${email}. It works for ${minutes} minutes; codes sent before it no longer work.`,
      );
    });
  }

  return (
    <section
      aria-labelledby="verify-email-title"
      className="flex flex-col gap-3 rounded-lg border border-blue-300 bg-blue-50 p-4 text-blue-950"
    >
      <h2 id="verify-email-title" className="text-lg font-semibold">
        Confirm your e-mail address
      </h2>
      <p>
        We sent a 6-digit code to <strong className="break-all">{email}</strong>. Enter it here to show the
        address is yours: until then you cannot subscribe, and mails about your account may not reach you.
      </p>
      <SubmitForm
        label="Confirm your e-mail address"
        onSubmit={confirm}
        submission={submission}
        submitLabel="Confirm"
        pendingLabel="Confirming your e-mail address"
        actions={
          <Button variant="secondary" disabled={pending} onClick={sendNew}>
            Send a new code
          </Button>
        }
      >
        <Field
          label="Code from the e-mail"
          name="verification-code"
          hint={`The code works for ${minutes} minutes. The mail also has a link that confirms the address.`}
          inputMode="numeric"
          autoComplete="one-time-code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
      </SubmitForm>
    </section>
  );
}
