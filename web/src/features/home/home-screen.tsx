import { Link } from '@/components/ui/link';
import { PageHeading } from '@/components/ui/page-heading';
import { paths } from '@/lib/paths';
import { usePageConfig } from '@/lib/page-config-context';
import { useSessionUser } from '@/lib/session-store';

export function HomeScreen() {
  const { appName } = usePageConfig();
  const user = useSessionUser();
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
      <PageHeading className="text-3xl font-semibold">Welcome !</PageHeading>
      <p className="text-lg text-slate-700">{appName}</p>
      <nav aria-label="Get started" className="flex flex-wrap justify-center gap-3">
        {user?.auth_token ? (
          <Link to={paths.account}>Go to your account</Link>
        ) : (
          <>
            <Link to={paths.login}>Sign in</Link>
            <Link to={paths.signup}>Create an account</Link>
          </>
        )}
        <Link to={paths.pricing}>See prices</Link>
      </nav>
    </section>
  );
}
