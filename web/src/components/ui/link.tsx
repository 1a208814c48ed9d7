import type { AnchorHTMLAttributes } from 'react';
import { Link as RouterLink, type LinkProps } from 'react-router';
import { buttonClass } from './button';

const looks = {
  /** In running text and under forms, the same on every screen. */
  text: 'rounded font-medium text-blue-800 underline underline-offset-2 hover:text-blue-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700',
  /** White on the blue toolbar. */
  toolbar: 'rounded underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-white',
  /** Styled by its place, as the settings area's navigation is. */
  plain: '',
  /**
   * Navigation that is a call to act (home's 'Create an account', a plan's 'Sign in to subscribe'): a link,
   * as it goes somewhere, drawn as the button it reads as.
   */
  primary: buttonClass('primary'),
  secondary: buttonClass('secondary'),
} as const;

type Look = keyof typeof looks;
type InAppProps = LinkProps & { look?: Look };
/** Out of the app (mailto:, another site): a plain anchor, since the router has nothing to route. */
type OutProps = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string; look?: Look };

/** The one link of the web app: `to` for a path of this app, `href` for anything else. */
export function Link({ look = 'text', className = '', ...props }: InAppProps | OutProps) {
  const classes = `${looks[look]} ${className}`.trim();
  if ('to' in props) return <RouterLink className={classes} {...props} />;
  return <a className={classes} {...props} />;
}
