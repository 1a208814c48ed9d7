import { useEffect, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Message } from '@/components/ui/message';
import type { AccountEvent } from '@contract/cable';
import { accountEvents } from '@/lib/account-events';
import { openAccountChannel } from '@/lib/cable';
import { getMe, refreshStoredUser } from '@/lib/me';
import { usePageConfig } from '@/lib/page-config-context';
import { sessionStore, useSessionUser, useSignOutNotice, type SignOutNotice } from '@/lib/session-store';

/** The events after which the stored user is read again from /me. */
const RELOAD_USER_ON: ReadonlySet<AccountEvent['event']> = new Set(['email_changed', 'email_verified']);

/**
 * Only an account without a password reads itself again on `password_changed` (its first one was set): any
 * other change of password is news of a sign-out, whose own push says why (decision 169), ahead of a 401.
 */
const hasPassword = () => sessionStore.getUser()?.has_password !== false;

/** One sentence of the cause that ended the session, and what to do next (decision 169). */
export const SIGNED_OUT_NOTICES: Record<SignOutNotice, string> = {
  logout: 'You were signed out because this session was logged out in another window. Please sign in again.',
  device_sign_out:
    'You were signed out from another device, in its list of signed-in devices. Please sign in again.',
  support_sign_out: 'Support signed you out of every device. Please sign in again.',
  password_changed:
    'You were signed out because your password was changed. Please sign in with the new password.',
  email_change_undone:
    'You were signed out because the change of your e-mail address was undone from the old address. Please sign in again.',
  expired: 'Your session expired, so you were signed out. Please sign in again.',
  account_deleted: 'Your account has been deleted, so you have been signed out.',
  session_ended: 'Your session has ended. Please sign in again.',
};

/**
 * Keeps the push connection open while a user is signed in, hands its events to the page, and signs the
 * page out when the account is deleted or this session is revoked. The session store tells this page's
 * own sign-outs (announced before their call) from news, and keeps the notice that explains the news.
 */
export function AccountPush({ children }: { children: ReactNode }) {
  const token = useSessionUser()?.auth_token || null;
  const notice = useSignOutNotice();
  const { cableUrl } = usePageConfig();

  useEffect(() => {
    if (!token) return;
    return openAccountChannel({
      cableUrl,
      token,
      onEvent(event) {
        accountEvents.emit(event);
        if (event.event === 'account_deleted') sessionStore.signOut({ reason: event.event, token });
        if (event.event === 'signed_out')
          sessionStore.signOut({ reason: event.event, token, cause: event.reason });
        // The toolbar and the account page show the address the server now has; a confirmed address drops
        // the account page's banner and lets the pricing page offer its plans, on every open page; a first
        // password set elsewhere makes every confirming step ask for it (DESIGN 13).
        if (RELOAD_USER_ON.has(event.event) || (event.event === 'password_changed' && !hasPassword()))
          void refreshStoredUser().catch(() => {});
      },
      // Refused without a reason we heard (a token revoked while this page was closed): ask the API, whose
      // 401 signs the page out like any other, saying the session has ended.
      onRefused: () => void getMe().catch(() => {}),
    });
  }, [token, cableUrl]);

  return (
    <>
      {children}
      {notice ? (
        <div className="fixed inset-x-0 bottom-0 z-10 px-3 pb-3">
          <div className="mx-auto max-w-md shadow-lg">
            <Message tone="info">
              <div className="flex flex-wrap items-center gap-2">
                <p className="flex-1">{SIGNED_OUT_NOTICES[notice]}</p>
                <Button variant="secondary" onClick={() => sessionStore.dismissNotice()}>
                  Dismiss
                </Button>
              </div>
            </Message>
          </div>
        </div>
      ) : null}
    </>
  );
}
