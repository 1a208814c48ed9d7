import { useEffect, useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { Link } from '@/components/ui/link';
import { Message } from '@/components/ui/message';
import { Page } from '@/components/ui/page';
import { ProgressBar } from '@/components/ui/progress-bar';
import { refreshStoredUser } from '@/lib/me';
import { paths } from '@/lib/paths';
import { sessionStore } from '@/lib/session-store';
import { messageOf } from '@/lib/use-submission';
import { confirmEmailChange } from './api/confirm-email-change';

type State = { tone: 'success' | 'error'; text: ReactNode } | null;

// One call per token, even when React runs the effect twice (development) or the page re-renders.
const calls = new Map<string, ReturnType<typeof confirmEmailChange>>();

/** The link of the confirmation mail: makes the change, then says what happened and what to do next. */
export function ConfirmEmailScreen() {
  const { token = '' } = useParams();
  const [state, setState] = useState<State>(null);

  useEffect(() => {
    let current = true;
    let call = calls.get(token);
    if (!call) {
      call = confirmEmailChange(token);
      calls.set(token, call);
    }
    call.then(
      (me) => {
        if (!current) return;
        const signedInHere = sessionStore.getUser()?.id === me.id;
        if (signedInHere) void refreshStoredUser().catch(() => {});
        setState({
          tone: 'success',
          text: (
            <>
              Your e-mail address is now <strong>{me.email}</strong>. Use it to sign in from now on.{' '}
              {signedInHere ? (
                <Link to={paths.account}>Back to your account</Link>
              ) : (
                <Link to={paths.login}>Sign in</Link>
              )}
            </>
          ),
        });
      },
      (error: unknown) => {
        if (!current) return;
        setState({
          tone: 'error',
          text: (
            <>
              {messageOf(error)} <Link to={paths.account}>Go to your account</Link>
            </>
          ),
        });
      },
    );
    return () => {
      current = false;
    };
  }, [token]);

  return (
    <Page title="Confirm your e-mail address">
      {state ? (
        <Message tone={state.tone}>{state.text}</Message>
      ) : (
        <ProgressBar label="Confirming your e-mail address" />
      )}
    </Page>
  );
}
