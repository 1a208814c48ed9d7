import { useEffect, type ReactNode } from 'react';
import { Page } from '../../components/ui/page';
import { Panel, panelClass } from '../../components/ui/panel';
import { TextLink } from '../../components/ui/text-link';
import { paths } from '../../lib/paths';
import { sessionStore, useSessionUser } from '../../lib/session-store';
import { getMe } from './api/get-me';
import { ChangePasswordForm } from './change-password-form';

/** Asks the server who is signed in: a session revoked elsewhere answers 401, which signs this page out. */
function useFreshUser() {
  useEffect(() => {
    const controller = new AbortController();
    getMe(controller.signal)
      .then((me) => {
        const user = sessionStore.getUser();
        if (user && (user.email !== me.email || user.role !== me.role))
          sessionStore.setUser({ ...user, ...me });
      })
      // The e-mail shown from the stored user is still right; a 401 has already signed the page out.
      .catch(() => {});
    return () => controller.abort();
  }, []);
}

/**
 * The signed-in person's page. `children` is a slot for parts other features add (the QR sign-in of another
 * device); the router composes them, so this feature never imports another.
 */
export function AccountScreen({ children }: { children?: ReactNode }) {
  const user = useSessionUser();
  useFreshUser();

  return (
    <Page title="Your account">
      <Panel title="Signed in as">
        <p className="break-all text-lg font-medium">{user?.email}</p>
      </Panel>
      <Panel title="Change password">
        <ChangePasswordForm />
      </Panel>
      {children ? <section className={panelClass}>{children}</section> : null}
      <Panel title="Delete account">
        <p>Deleting your account removes it and everything stored with it, for good.</p>
        <TextLink to={paths.deleteAccount} className="self-start">
          Delete your account
        </TextLink>
      </Panel>
    </Page>
  );
}
