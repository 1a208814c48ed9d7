import { useParams } from 'react-router';
import { Link } from '@/components/ui/link';
import { Message } from '@/components/ui/message';
import { Page } from '@/components/ui/page';
import { ProgressBar } from '@/components/ui/progress-bar';
import { refreshStoredUser } from '@/lib/me';
import { paths } from '@/lib/paths';
import { sessionStore } from '@/lib/session-store';
import { useServerState } from '@/lib/use-server-state';
import { confirmEmailChange } from './api/confirm-email-change';

/** What the link did: the address now in use, and whether this page is signed in to that account. */
interface Confirmed {
  email: string;
  signedInHere: boolean;
}

// One call per token, even when React runs the effect twice (development) or the page re-renders: the
// link works once, so a second call would report a used link.
const calls = new Map<string, Promise<Confirmed>>();

function confirmOnce(token: string): Promise<Confirmed> {
  let call = calls.get(token);
  if (!call) {
    call = confirmEmailChange(token).then((me) => {
      const signedInHere = sessionStore.getUser()?.id === me.id;
      if (signedInHere) void refreshStoredUser().catch(() => {});
      return { email: me.email, signedInHere };
    });
    calls.set(token, call);
  }
  return call;
}

/** The link of the confirmation mail: makes the change, then says what happened and what to do next. */
export function ConfirmEmailScreen() {
  const { token = '' } = useParams();
  const confirmed = useServerState({ key: `confirm-email ${token}`, read: () => confirmOnce(token) });
  const { data, error } = confirmed;

  return (
    <Page title="Confirm your e-mail address">
      {data ? (
        <Message tone="success">
          Your e-mail address is now <strong>{data.email}</strong>. Use it to sign in from now on.{' '}
          {data.signedInHere ? (
            <Link to={paths.account}>Back to your account</Link>
          ) : (
            <Link to={paths.login}>Sign in</Link>
          )}
        </Message>
      ) : null}
      {error ? (
        <Message tone="error">
          {error} <Link to={paths.account}>Go to your account</Link>
        </Message>
      ) : null}
      {confirmed.loading ? <ProgressBar label="Confirming your e-mail address" /> : null}
    </Page>
  );
}
