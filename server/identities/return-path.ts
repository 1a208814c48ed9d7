/**
 * `return_to` is only ever a path of this app (DESIGN 14): anything that would leave it — another origin,
 * `//host`, `/\host`, a scheme — is replaced by the default, so the flow opens no redirect.
 */
export function safeReturnPath(
  value: string | undefined,
  { publicUrl, fallback }: { publicUrl: string; fallback: string },
): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return fallback;
  try {
    const origin = new URL(publicUrl).origin;
    const url = new URL(value, origin);
    if (url.origin !== origin) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
