import type { LinkCheckBody } from '@contract/link-check';
import { ApiError, apiRequest, sentenceOf } from './http-client';
import { useServerState } from './use-server-state';

/** `POST <the link's call>/check` (contract/api-paths.ts): resolves while the link would still work. */
export function checkLink(path: string, token: string, signal?: AbortSignal): Promise<void> {
  const body: LinkCheckBody = { token };
  return apiRequest<void>(path, { method: 'POST', body, signal, empty: true });
}

export type LinkCheck =
  | { state: 'checking' }
  | { state: 'works' }
  /** The server said the link cannot work (used, expired or unknown): its sentence. */
  | { state: 'dead'; sentence: string }
  /** The check itself failed (no connection, too many tries, a server fault): its sentence, and a retry. */
  | { state: 'unknown'; sentence: string; retry: () => Promise<void> };

/**
 * Whether the link of `token` can still work, asked of `path` once when the page opens (decision 168). A 400 is the
 * server's word that it cannot, and says why in the link call's own sentence; any other failure says
 * nothing about the link, so the page offers to ask again.
 */
export function useLinkCheck(path: string, token: string): LinkCheck {
  const asked = useServerState({
    key: `${path} ${token}`,
    read: async (signal): Promise<string | null> => {
      try {
        await checkLink(path, token, signal);
        return null;
      } catch (error) {
        if (error instanceof ApiError && error.status === 400) return sentenceOf(error);
        throw error;
      }
    },
  });
  if (asked.error) return { state: 'unknown', sentence: asked.error, retry: asked.reload };
  if (asked.data === undefined) return { state: 'checking' };
  return asked.data === null ? { state: 'works' } : { state: 'dead', sentence: asked.data };
}
