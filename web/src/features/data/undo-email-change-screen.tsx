import { useState } from 'react';
import { useParams } from 'react-router';
import { API_PATHS } from '@contract/api-paths';
import { CheckedLinkForm } from '@/components/ui/checked-link';
import { Link } from '@/components/ui/link';
import { Page } from '@/components/ui/page';
import { usePageConfig } from '@/lib/page-config-context';
import { paths } from '@/lib/paths';
import { sessionStore } from '@/lib/session-store';
import { success, useSubmission } from '@/lib/use-submission';
import { undoEmailChange } from './api/undo-email-change';

/** The exact sentence of a successful undo (decision 155). */
export const UNDONE =
  'The change is undone: your account has this e-mail address again, and every device was signed out. Someone else may know your password, so choose a new one now.';

/**
 * The link mailed to the old address after an e-mail change: checked when it opens, then undone by a
 * button (it signs every device out, so a mail scanner following the link must not do it: decision 168).
 */
export function UndoEmailChangeScreen() {
  const { token = '' } = useParams();
  const { supportEmail } = usePageConfig();
  const submission = useSubmission();
  const [undone, setUndone] = useState(false);

  function undo() {
    // Every session ends on the server, this page's too: said before the call, its push is known as ours.
    const ending = sessionStore.token;
    void submission.submit(async () => {
      if (ending) sessionStore.announceSignOut(ending);
      try {
        await undoEmailChange(token);
      } catch (error) {
        if (ending) sessionStore.withdrawSignOut(ending);
        throw error;
      }
      if (ending) sessionStore.signOut({ reason: 'logout', token: ending });
      setUndone(true);
      return success(
        <>
          {UNDONE} <Link to={paths.resetPassword}>Choose a new password</Link>
        </>,
      );
    });
  }

  return (
    <Page title="Undo the e-mail change">
      <CheckedLinkForm
        path={API_PATHS.checkEmailUndoLink}
        token={token}
        next={<Link href={`mailto:${supportEmail}`}>{supportEmail}</Link>}
        done={undone}
        onSubmit={undo}
        submission={submission}
        submitLabel="Undo the change"
        pendingLabel="Undoing the e-mail change"
      >
        <p>
          Your account gets back the address this link was sent to, and every device is signed out, this one
          too. Then choose a new password.
        </p>
      </CheckedLinkForm>
    </Page>
  );
}
