import { useEffect, useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { Link } from '@/components/ui/link';
import { Message } from '@/components/ui/message';
import { Page } from '@/components/ui/page';
import { ProgressBar } from '@/components/ui/progress-bar';
import { paths } from '@/lib/paths';
import { sessionStore } from '@/lib/session-store';
import { messageOf } from '@/lib/use-submission';
import { undoEmailChange } from './api/undo-email-change';

type State = { tone: 'success' | 'error'; text: ReactNode } | null;

// One call per token, even when React runs the effect twice (development) or the page re-renders.
const calls = new Map<string, Promise<void>>();

/** The exact sentence of a successful undo (decision 155). */
export const UNDONE =
  'The change is undone: your account has this e-mail address again, and every device was signed out. Someone else may know your password, so choose a new one now.';

/** The link mailed to the old address after an e-mail change: undoes it, then says what to do next. */
export function UndoEmailChangeScreen() {
  const { token = '' } = useParams();
  const [state, setState] = useState<State>(null);

  useEffect(() => {
    let current = true;
    let call = calls.get(token);
    if (!call) {
      call = undoEmailChange(token);
      calls.set(token, call);
    }
    call.then(
      () => {
        if (!current) return;
        // Every session ended on the server, this page's too.
        if (sessionStore.getUser()) sessionStore.signOut({ reason: 'logout' });
        setState({
          tone: 'success',
          text: (
            <>
              {UNDONE} <Link to={paths.resetPassword}>Choose a new password</Link>
            </>
          ),
        });
      },
      (error: unknown) => {
        if (!current) return;
        setState({ tone: 'error', text: messageOf(error) });
      },
    );
    return () => {
      current = false;
    };
  }, [token]);

  return (
    <Page title="Undo the e-mail change">
      {state ? (
        <Message tone={state.tone}>{state.text}</Message>
      ) : (
        <ProgressBar label="Undoing the e-mail change" />
      )}
    </Page>
  );
}
