import { oidcErrorSentence } from '@contract/identity-errors';
import type { Provider } from '@contract/identities';

/** A provider's name from its id: the configured one when the list is in, else the id as a word. */
export function providerName(id: string, providers: Provider[] | undefined): string {
  return (
    providers?.find((provider) => provider.id === id)?.name ?? `${id.charAt(0).toUpperCase()}${id.slice(1)}`
  );
}

/**
 * The sentence of a provider flow's `?error=…&provider=…` (DESIGN 14: every code shown as its sentence); null
 * when the address carries none. A code this page does not know still says something true.
 */
export function flowErrorOf(search: string, providers: Provider[] | undefined): string | null {
  const params = new URLSearchParams(search);
  const code = params.get('error');
  if (!code || !code.startsWith('oidc_')) return null;
  const name = providerName(params.get('provider') ?? '', providers);
  return oidcErrorSentence(code, name) ?? oidcErrorSentence('oidc_failed', name);
}
