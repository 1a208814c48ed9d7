import { useSearchParams } from 'react-router';
import { SettingsLayout } from '@/components/ui/settings-layout';
import { paths } from '@/lib/paths';
import { AuditView } from './audit-view';
import { PersonView } from './person-view';
import { SearchView } from './search-view';

const VIEWS = [
  { to: paths.admin, name: 'Find a person' },
  { to: paths.admin, name: 'Audit trail', query: 'audit' },
];

/**
 * The support console of DESIGN 16 (`/admin`, for support agents only): find a person, their page with
 * each action behind a dialog that asks why, and the audit trail. The view is in the address (`?user=`,
 * `?audit`), so Back and a shared link lead where they should.
 */
export function AdminScreen() {
  const [params] = useSearchParams();
  const user = Number(params.get('user'));
  return (
    <SettingsLayout title="Support console" pages={VIEWS} label="Support console">
      {params.has('audit') ? (
        <AuditView user={params.get('user') ?? ''} event={params.get('event') ?? ''} />
      ) : Number.isInteger(user) && user > 0 ? (
        <PersonView id={user} />
      ) : (
        <SearchView />
      )}
    </SettingsLayout>
  );
}
