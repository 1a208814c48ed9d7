import { Link } from '@/components/ui/link';
import { Panel } from '@/components/ui/panel';
import { useMe } from '@/lib/use-me';
import { paths } from '@/lib/paths';
import { ChangePasswordForm } from './change-password-form';

/** Who is signed in, checked with the server when the page opens (a 401 signs it out). */
export function ProfilePanel() {
  const user = useMe();
  return (
    <Panel title="Signed in as">
      <p className="break-all text-lg font-medium">{user?.email}</p>
    </Panel>
  );
}

export function ChangePasswordPanel() {
  return (
    <Panel title="Change password">
      <ChangePasswordForm />
    </Panel>
  );
}

/** Always the last thing on the account page. */
export function DeleteAccountPanel() {
  return (
    <Panel title="Delete account">
      <p>Deleting your account removes it and everything stored with it, for good.</p>
      <Link to={paths.deleteAccount} className="self-start">
        Delete your account
      </Link>
    </Panel>
  );
}
