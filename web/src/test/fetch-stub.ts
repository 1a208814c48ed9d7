import { vi } from 'vitest';

export interface ApiCall {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  headers: Record<string, string>;
}

/** A reply from the stand-in server; `networkError` makes fetch itself fail, as on a lost connection. */
export type StubReply =
  { status: number; body?: unknown; statusText?: string; headers?: Record<string, string> } | 'networkError';

/**
 * Replaces fetch with a handler that sees each call as the server would (method, path, JSON body) and
 * records it, so a test asserts both what the screen sent and what it showed.
 */
export function stubApi(handler: (call: ApiCall) => StubReply | Promise<StubReply>) {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: URL | string, init: RequestInit = {}) => {
      const url = new URL(input.toString());
      const call: ApiCall = {
        method: init.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
        headers: (init.headers ?? {}) as Record<string, string>,
      };
      calls.push(call);
      const reply = await handler(call);
      if (reply === 'networkError') throw new TypeError('Failed to fetch');
      const text = reply.body === undefined ? '' : JSON.stringify(reply.body);
      return {
        status: reply.status,
        statusText: reply.statusText ?? '',
        headers: new Headers(reply.headers ?? {}),
        text: async () => text,
      } as Response;
    }),
  );
  return calls;
}

/** A reply the test releases when it has looked at the waiting state. */
export function heldReply(reply: StubReply) {
  let release: () => void = () => {};
  const promise = new Promise<StubReply>((resolve) => {
    release = () => resolve(reply);
  });
  return { promise, release };
}

export const apiError = (status: number, error: string, message: string): StubReply => ({
  status,
  body: { error, message },
});
