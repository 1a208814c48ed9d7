import { Link } from '@/components/ui/link';
import { Page } from '@/components/ui/page';
import { paths } from '@/lib/paths';

export function NotFoundScreen() {
  return (
    <Page title="Page not found">
      <p>We couldn't find the page you asked for. It may have moved, or the link may be mistyped.</p>
      <Link to={paths.home}>Go to the home page</Link>
    </Page>
  );
}
