import { useEffect, useState, type ReactNode } from 'react';
import { Button } from '../components/ui/button';
import { Message } from '../components/ui/message';
import { accountEvents } from '../lib/account-events';
import { openAccountChannel } from '../lib/cable';
import { apiRequest } from '../lib/http-client';
import { usePageConfig } from '../lib/page-config-context';
import { sessionStore, useSessionUser } from '../lib/session-store';

export const SIGNED_OUT_NOTICES = {
  account_deleted: 'Your account has been deleted, so you have been signed out.',
  signed_out:
    'You have been signed out because this session was ended elsewhere: by Logout in another window, or by a password change. Please sign in again.',
} as const;

/**
 * This page may have ended the session itself (its Logout button, or the delete-account screen): its own
 * reply signs it out within moments, and then there is nothing to explain. Only a page still signed in
 * with the same token after this long was signed out from elsewhere.
 */
export const OWN_SIGN_OUT_GRACE_MS = 1500;

/**
 * Keeps the push connection open while a user is signed in, hands its events to the page, and signs the
 * page out, saying why, when the account is deleted or this session is revoked.
 */
export function AccountPush({ children }: { children: ReactNode }) {
  const token = useSessionUser()?.auth_token || null;
  const { cableUrl } = usePageConfig();
  const [notice, setNotice] = useState<string | null>(null);
  // Signing in again retires the notice, so a later Logout does not bring it back.
  const [shownFor, setShownFor] = useState(token);
  if (shownFor !== token) {
    setShownFor(token);
    if (token) setNotice(null);
  }

  useEffect(() => {
    if (!token) return;
    const timers = new Set<number>();
    const close = openAccountChannel({
      cableUrl,
      token,
      onEvent(event) {
        accountEvents.emit(event);
        if (event.event !== 'account_deleted' && event.event !== 'signed_out') return;
        const timer = window.setTimeout(() => {
          if (sessionStore.token !== token) return;
          setNotice(SIGNED_OUT_NOTICES[event.event]);
          sessionStore.clear();
        }, OWN_SIGN_OUT_GRACE_MS);
        timers.add(timer);
      },
      // Refused without a reason we heard (a token revoked while this page was closed): ask the API, whose
      // 401 signs the page out like any other.
      onRefused: () => void apiRequest('/api/v1/me').catch(() => {}),
    });
    return () => {
      close();
      timers.forEach((timer) => window.clearTimeout(timer));
    };
  }, [token, cableUrl]);

  return (
    <>
      {children}
      {notice && !token ? (
        <div className="fixed inset-x-0 bottom-0 z-10 px-3 pb-3">
          <div className="mx-auto max-w-md shadow-lg">
            <Message tone="info">
              <div className="flex flex-wrap items-center gap-2">
                <p className="flex-1">{notice}</p>
                <Button variant="quiet" onClick={() => setNotice(null)}>
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
