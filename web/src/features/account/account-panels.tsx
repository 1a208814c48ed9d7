import { Link } from '@/components/ui/link';
import { Panel } from '@/components/ui/panel';
import { useMe } from '@/lib/use-me';
import { paths } from '@/lib/paths';

/** The address signed in, checked with the server when the page opens (a 401 signs it out). */
export function SignedInEmail() {
  const user = useMe();
  return <p className="break-all font-medium text-slate-900">{user?.email}</p>;
}

/** Always the last thing of the settings area, on its last page. */
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
