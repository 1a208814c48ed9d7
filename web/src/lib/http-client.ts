import { XSRF_COOKIE, XSRF_HEADER } from '@contract/app';
import type { ErrorBody } from '@contract/errors';
import { sessionStore } from './session-store';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** 1223 is how some browsers report 204; a status of 0 with a body (file:// and some proxies) means 200. */
export function normalizeStatus(status: number, body: string): number {
  if (status === 1223) return 204;
  if (status === 0 && body.length > 0) return 200;
  return status;
}

export const isSuccess = (status: number) => status >= 200 && status <= 299;

function parseErrorBody(body: string): Partial<ErrorBody> {
  try {
    const value: unknown = JSON.parse(body);
    if (typeof value !== 'object' || value === null) return {};
    const { error, message } = value as Record<string, unknown>;
    return {
      error: typeof error === 'string' ? error : undefined,
      message: typeof message === 'string' ? message : undefined,
    };
  } catch {
    return {};
  }
}

/** The body's message, else 'status - statusText', else 'Server error'. */
export function errorMessage(status: number, statusText: string, body: string): string {
  const { message } = parseErrorBody(body);
  if (message) return message;
  if (status && statusText) return `${status} - ${statusText}`;
  return 'Server error';
}

/**
 * The one path from a failure to the sentence a screen shows: an ApiError carries the server's sentence
 * (else 'status - statusText', else 'Server error'); an error of our own (a reply we could not read, the
 * browser's passkey prompt) says its own message; anything else is 'Server error'.
 */
export function sentenceOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Server error';
}

export function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string>;
  /** Read the reply as empty, whatever the server sent (reset and change-password). */
  empty?: boolean;
  signal?: AbortSignal;
  /** The Bearer token to send instead of the signed-in user's; null sends none (a sign-in call). */
  token?: string | null;
}

interface Received {
  text: string;
  status: number;
  headers: Headers;
}

/** Sends the call and reads the reply; throws ApiError for a failure (a 401 to a call with a token signs out). */
async function send(path: string, options: RequestOptions): Promise<Received> {
  const method = options.method ?? 'GET';
  const url = new URL(path, window.location.origin);
  for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, value);

  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const token = options.token === undefined ? sessionStore.token : options.token;
  if (token) headers.Authorization = `Bearer ${token}`;
  if (MUTATING.has(method)) {
    const xsrf = readCookie(XSRF_COOKIE);
    if (xsrf) headers[XSRF_HEADER] = xsrf;
  }

  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (cause) {
    // Called off by the page (a newer read, a screen that went away): nobody waits for it, nothing to log.
    if (options.signal?.aborted) throw cause;
    const error = new ApiError(0, 'Server error');
    console.error(error.message, cause);
    throw error;
  }

  const text = await response.text();
  const status = normalizeStatus(response.status, text);
  if (!isSuccess(status)) {
    const code = parseErrorBody(text).error ?? null;
    const error = new ApiError(status, errorMessage(status, response.statusText, text), code);
    console.error(error.message);
    // A 401 to an authenticated call: the token no longer works, wherever the call came from.
    if (status === 401 && token) sessionStore.signOut({ reason: 'unauthorized', token });
    throw error;
  }
  return { text, status, headers: response.headers };
}

/** The one HTTP client: every call of the web app goes through here. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { text, status } = await send(path, options);
  if (options.empty || status === 204 || text.length === 0) return undefined as T;
  return JSON.parse(text) as T;
}

/** A file the server sends as an attachment: its body as it came, and the name its Content-Disposition gives. */
export async function apiDownload(
  path: string,
  fallbackName: string,
): Promise<{ text: string; filename: string; type: string }> {
  const { text, headers } = await send(path, {});
  const disposition = headers.get('content-disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
  return { text, filename, type: headers.get('content-type') ?? 'application/octet-stream' };
}
