import { Link } from '@/components/ui/link';
import { PageHeading } from '@/components/ui/page-heading';
import { paths } from '@/lib/paths';
import { usePageConfig } from '@/lib/page-config-context';
import { useSessionUser } from '@/lib/session-store';

export const HOME_TEXTS = {
  signUp: 'Create an account',
  plans: 'See the plans',
  account: 'Go to your account',
  signIn: 'Sign in',
} as const;

/**
 * DESIGN 6 and 15: the title 'Welcome !', the app name, what is sold (APP_DESCRIPTION) and the two ways on:
 * an account and the plans, drawn as buttons. The description's paragraph is there even when empty (then
 * hidden), so the prerendered page, which holds the server's marker, and the app lay out alike.
 */
export function HomeScreen() {
  const { appName, appDescription } = usePageConfig();
  const user = useSessionUser();
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
      <PageHeading className="text-3xl font-semibold">Welcome !</PageHeading>
      <p className="text-lg font-medium text-slate-700">{appName}</p>
      <p className="text-lg text-slate-900 empty:hidden">{appDescription}</p>
      <nav aria-label="Get started" className="flex w-full flex-col gap-3 pt-2 sm:w-auto sm:flex-row">
        {user?.auth_token ? (
          <Link to={paths.account} look="primary">
            {HOME_TEXTS.account}
          </Link>
        ) : (
          <Link to={paths.signup} look="primary">
            {HOME_TEXTS.signUp}
          </Link>
        )}
        <Link to={paths.pricing} look="secondary">
          {HOME_TEXTS.plans}
        </Link>
      </nav>
      {user?.auth_token ? null : (
        <p className="text-slate-700">
          Already have an account? <Link to={paths.login}>{HOME_TEXTS.signIn}</Link>
        </p>
      )}
    </section>
  );
}
