import type { ReactNode } from 'react';
import { useLinkCheck } from '@/lib/use-link-check';
import type { Outcome } from '@/lib/use-submission';
import { Button } from './button';
import { FormStatus } from './form-status';
import { Message } from './message';
import { ProgressBar } from './progress-bar';
import { SubmitForm } from './submit-form';

/**
 * The page of a mailed link (a reset, an e-mail change, its undo, a verification): it asks the server whether
 * the link can still work before it shows its form, and when it cannot, says so at once with what to do next
 * and shows no form (decision 168). The check uses nothing up: the form then uses the link as before.
 */
export function CheckedLink({
  path,
  token,
  next,
  children,
}: {
  /** The link's check call, `API_PATHS.check…Link`. */
  path: string;
  /** The token in the page's address. */
  token: string;
  /** What to do when the link cannot work, after the server's sentence: e.g. a link to ask for a new one. */
  next: ReactNode;
  /** The form, shown once the server said the link still works. */
  children: ReactNode;
}) {
  const link = useLinkCheck(path, token);
  if (link.state === 'checking') return <ProgressBar label="Checking your link" />;
  if (link.state === 'dead')
    return (
      <Message tone="error">
        {link.sentence} {next}
      </Message>
    );
  if (link.state === 'unknown')
    // The check itself failed (no connection, a busy server): nothing is known of the link yet.
    return (
      <Message tone="error">
        <p>{link.sentence}</p>
        <Button variant="secondary" className="mt-2" onClick={() => void link.retry()}>
          Try again
        </Button>
      </Message>
    );
  return <>{children}</>;
}

/**
 * The one form of a mailed link's page: checked as it opens (above), then its fields and one button; once it
 * has done its work (`done`), only what it said stays, with the way on.
 */
export function CheckedLinkForm({
  path,
  token,
  next,
  done,
  onSubmit,
  submission,
  submitLabel,
  pendingLabel,
  children,
}: {
  path: string;
  token: string;
  next: ReactNode;
  done: boolean;
  onSubmit: () => void;
  submission: { pending: boolean; outcome: Outcome | null };
  submitLabel: string;
  pendingLabel: string;
  children: ReactNode;
}) {
  if (done)
    return (
      <FormStatus pending={submission.pending} outcome={submission.outcome} pendingLabel={pendingLabel} />
    );
  return (
    <CheckedLink path={path} token={token} next={next}>
      <SubmitForm
        onSubmit={onSubmit}
        submission={submission}
        submitLabel={submitLabel}
        pendingLabel={pendingLabel}
        wide
      >
        {children}
      </SubmitForm>
    </CheckedLink>
  );
}
