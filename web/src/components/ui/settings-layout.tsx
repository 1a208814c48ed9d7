import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { paths } from '@/lib/paths';
import { Link } from './link';
import { Message } from './message';
import { useNotice } from './page';
import { PageHeading } from './page-heading';

/** The pages of the settings area, in the order of DESIGN section 6; 'Delete your account' sits on the last. */
const ACCOUNT_PAGES: readonly NavPage[] = [
  { to: paths.account, name: 'Profile' },
  { to: paths.accountSecurity, name: 'Security' },
  { to: paths.accountDevices, name: 'Devices' },
  { to: paths.accountBilling, name: 'Billing' },
  { to: paths.accountData, name: 'Your data' },
];

interface NavPage {
  to: string;
  name: string;
  /** Marked as the current page also when the address has this query parameter (the console's views). */
  query?: string;
}

const itemClass =
  'flex min-h-11 items-center rounded-md px-3 py-2 font-medium text-blue-800 hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 aria-[current=page]:bg-blue-50 aria-[current=page]:text-slate-900';

/**
 * A page of the settings area: on wide screens the pages' navigation column beside it; on phones that
 * column is the list /account opens with, and the other pages lead back to it. The support console has the
 * same frame with its own views (`pages`, `label`), its navigation shown on phones too.
 */
export function SettingsLayout({
  title,
  children,
  pages = ACCOUNT_PAGES,
  label = 'Settings',
}: {
  title: string;
  children: ReactNode;
  pages?: readonly NavPage[];
  label?: string;
}) {
  const notice = useNotice();
  const location = useLocation();
  const here = location.pathname.replace(/\/+$/, '').toLowerCase();
  const params = new URLSearchParams(location.search);
  const isCurrent = (page: NavPage) =>
    page.query
      ? params.has(page.query)
      : here === page.to && !pages.some((p) => p.query && params.has(p.query));
  const home = pages !== ACCOUNT_PAGES || here === paths.account;
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-4 px-4 py-8">
      {home ? null : (
        <Link to={paths.account} className="self-start md:hidden">
          ‹ All settings
        </Link>
      )}
      <PageHeading className="text-2xl font-semibold">{title}</PageHeading>
      {notice ? <Message tone="success">{notice}</Message> : null}
      <div className="flex flex-col gap-6 md:grid md:grid-cols-[12rem_minmax(0,1fr)] md:items-start md:gap-10">
        <nav aria-label={label} className={home ? '' : 'max-md:hidden'}>
          <ul className="flex flex-col gap-1 max-md:divide-y max-md:rounded-lg max-md:border max-md:border-slate-200">
            {pages.map((page) => (
              <li key={page.name}>
                <Link
                  to={page.query ? `${page.to}?${page.query}` : page.to}
                  look="plain"
                  className={itemClass}
                  aria-current={isCurrent(page) ? 'page' : undefined}
                >
                  {page.name}
                  <span aria-hidden="true" className="ml-auto md:hidden">
                    ›
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex max-w-2xl flex-col gap-4">{children}</div>
      </div>
    </div>
  );
}
