import { API_PATHS } from '@contract/api-paths';
import type { Provider, ProviderList } from '@contract/identities';
import { apiRequest } from '@/lib/http-client';
import { useServerState } from '@/lib/use-server-state';

export async function listProviders(signal?: AbortSignal): Promise<Provider[]> {
  return (await apiRequest<ProviderList>(API_PATHS.authProviders, { signal, token: null })).providers;
}

/** The OpenID providers this server offers (DESIGN 14); none when it offers none. */
export function useProviders() {
  return useServerState({ key: 'providers', read: listProviders });
}

/**
 * The flow's start page, a full navigation (it goes on to the provider): `return_to` only ever a path of
 * this app (the server checks it again).
 */
export function startUrl(
  provider: string,
  { returnTo, linkToken }: { returnTo?: string; linkToken?: string } = {},
): string {
  const query = new URLSearchParams();
  if (linkToken) {
    query.set('intent', 'link');
    query.set('link_token', linkToken);
  }
  if (returnTo && returnTo.startsWith('/') && !returnTo.startsWith('//')) query.set('return_to', returnTo);
  const search = query.toString();
  return `${API_PATHS.providerStart.replace(':provider', encodeURIComponent(provider))}${search ? `?${search}` : ''}`;
}

/** Leaves the page for the provider's flow (a seam the tests replace). */
export const goTo = {
  assign: (url: string) => window.location.assign(url),
};
