import { Link } from 'react-router';
import { Page } from '../../components/ui/page';
import { paths } from '../../lib/paths';

export function NotFoundScreen() {
  return (
    <Page title="Page not found">
      <p>We couldn't find the page you asked for. It may have moved, or the link may be mistyped.</p>
      <Link className="font-medium text-blue-800 underline" to={paths.home}>
        Go to the home page
      </Link>
    </Page>
  );
}
