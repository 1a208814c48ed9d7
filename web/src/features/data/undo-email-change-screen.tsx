import { useParams } from 'react-router';
import { Link } from '@/components/ui/link';
import { Message } from '@/components/ui/message';
import { Page } from '@/components/ui/page';
import { ProgressBar } from '@/components/ui/progress-bar';
import { paths } from '@/lib/paths';
import { sessionStore } from '@/lib/session-store';
import { useServerState } from '@/lib/use-server-state';
import { undoEmailChange } from './api/undo-email-change';

// One call per token, even when React runs the effect twice (development) or the page re-renders: the
// link works once, so a second call would report a used link.
const calls = new Map<string, Promise<true>>();

function undoOnce(token: string): Promise<true> {
  let call = calls.get(token);
  if (!call) {
    call = undoEmailChange(token).then(() => {
      // Every session ended on the server, this page's too.
      if (sessionStore.getUser()) sessionStore.signOut({ reason: 'logout' });
      return true as const;
    });
    calls.set(token, call);
  }
  return call;
}

/** The exact sentence of a successful undo (decision 155). */
export const UNDONE =
  'The change is undone: your account has this e-mail address again, and every device was signed out. Someone else may know your password, so choose a new one now.';

/** The link mailed to the old address after an e-mail change: undoes it, then says what to do next. */
export function UndoEmailChangeScreen() {
  const { token = '' } = useParams();
  const undone = useServerState({ key: `undo-email-change ${token}`, read: () => undoOnce(token) });
  return (
    <Page title="Undo the e-mail change">
      {undone.data ? (
        <Message tone="success">
          {UNDONE} <Link to={paths.resetPassword}>Choose a new password</Link>
        </Message>
      ) : null}
      {undone.error ? <Message tone="error">{undone.error}</Message> : null}
      {undone.loading ? <ProgressBar label="Undoing the e-mail change" /> : null}
    </Page>
  );
}
