import { useLocation } from 'react-router';
import { paths } from '@/lib/paths';

const SIGN_IN_PAGES: string[] = [paths.login, paths.signup];

/**
 * Where to go after signing in: the page the guard turned the visitor away from (location state `from`),
 * else the `return_to` of a provider's sign-in, else the account page. Only a path inside this app counts ("/x", never "//host" or a URL), so a crafted
 * link cannot send a fresh sign-in elsewhere.
 */
export function returnPathFrom(state: unknown, search = ''): string {
  // A provider's sign-in comes back with `?return_to=` (the server kept it to a path of this app).
  const from = (state as { from?: unknown } | null)?.from ?? new URLSearchParams(search).get('return_to');
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.includes('\\')) {
    return paths.account;
  }
  const pathname = from.split(/[?#]/)[0] ?? '';
  return SIGN_IN_PAGES.includes(pathname) ? paths.account : from;
}

export function useReturnPath(): string {
  const { state, search } = useLocation();
  return returnPathFrom(state, search);
}
