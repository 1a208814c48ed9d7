import { Link, type LinkProps } from 'react-router';

export const textLinkClass =
  'rounded font-medium text-blue-800 underline underline-offset-2 hover:text-blue-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700';

/** An in-app link styled as text, the same on every screen. */
export function TextLink({ className = '', ...props }: LinkProps) {
  return <Link className={`${textLinkClass} ${className}`} {...props} />;
}
