/**
 * The token of a `/login#auth_token=…` link (the QR code of another device). It travels in the fragment, so
 * no server log or Referer ever holds it.
 */
export function handoffTokenFrom(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('auth_token');
  return token ? token : null;
}
