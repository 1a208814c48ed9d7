import { useState } from 'react';
import type { DeleteUserReply } from '@contract/users';
import type { SubscriptionJson } from '@contract/subscriptions';
import { Field } from '@/components/ui/field';
import { Link } from '@/components/ui/link';
import { Page } from '@/components/ui/page';
import { PasswordField } from '@/components/ui/password-field';
import { SubmitForm } from '@/components/ui/submit-form';
import { ApiError } from '@/lib/http-client';
import { usePageConfig } from '@/lib/page-config-context';
import { planName } from '@/lib/plan-names';
import { sessionStore, useSessionUser } from '@/lib/session-store';
import { useSubscription } from '@/lib/subscription';
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

/** The server's reason for keeping the account: the reply's sentence, or a failed call's (a rate limit). */
async function attempt(
  email: string,
  password: string,
): Promise<{ reply: DeleteUserReply | null; reason: string | null }> {
  try {
    const reply = await deleteUser({ email, password });
    return { reply, reason: reply.success ? null : (reply.message ?? null) };
  } catch (error) {
    // A transport error reads like a refusal, with the default support address; an answer of the server's
    // says why, a lost connection cannot.
    return { reply: null, reason: error instanceof ApiError && error.status > 0 ? error.message : null };
  }
}

/** What deleting the account does to its subscriptions, said before the button (decision 166). */
export function subscriptionNote(billing: SubscriptionJson[]): string | null {
  if (billing.length === 0) return null;
  const names = [...new Set(billing.map((subscription) => planName(subscription.plan)))];
  const which =
    billing.length === 1 ? `Your ${names[0]} subscription` : `Your ${names.join(' and ')} subscriptions`;
  return `${which} will be cancelled at PayPal first, so you will not be charged again. Any time already paid for ends with the account.`;
}

/**
 * DESIGN section 6, to the letter: the strings, the states and the order of events are the contract. Added
 * to it (issue #27): the server's reason under the refusal's sentence, the subscription note, and the
 * signed-in account's address filled in.
 */
export function DeleteAccountScreen() {
  const { supportEmail } = usePageConfig();
  const signedIn = useSessionUser();
  const [email, setEmail] = useState(() => sessionStore.getUser()?.email ?? '');
  const [password, setPassword] = useState('');
  const { billing } = useSubscription();
  // Only about the signed-in account, and only while the Username names it.
  const ownAccount = Boolean(signedIn && signedIn.email.toLowerCase() === email.trim().toLowerCase());
  const note = ownAccount ? subscriptionNote(billing) : null;
  const submission = useSubmission();
  const { submit, setOutcome } = submission;

  function remove() {
    setOutcome(null);
    if (!password) return setOutcome(failure(EMPTY_FIELD.deletePassword));
    void submit(async () => {
      // Said before the call: the `account_deleted` push that may come before the reply is this page's own.
      const ending = ownSessionEndedBy(email);
      if (ending) sessionStore.announceSignOut(ending);
      const { reply, reason } = await attempt(email, password);
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
          <p>
            Your account could not be deleted. Please contact support at:{' '}
            <Link href={`mailto:${address}`}>{address}</Link>
          </p>
          {reason ? <p className="mt-1">{reason}</p> : null}
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
        {note ? (
          <p className="rounded-md border border-amber-400 bg-amber-50 px-3 py-2 text-amber-950">{note}</p>
        ) : null}
      </SubmitForm>
    </Page>
  );
}
