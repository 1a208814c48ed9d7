import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, ApiError, errorMessage, normalizeStatus } from './http-client';
import { signedInUser } from '@/test/fixtures';
import { sessionStore } from './session-store';

function reply(status: number, body = '', statusText = '') {
  return vi.fn(async () => ({ status, statusText, text: async () => body }) as unknown as Response);
}

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

describe('normalizeStatus', () => {
  it('counts 1223 as 204 and status 0 with a body as 200', () => {
    expect(normalizeStatus(1223, '')).toBe(204);
    expect(normalizeStatus(0, '{"a":1}')).toBe(200);
    expect(normalizeStatus(0, '')).toBe(0);
    expect(normalizeStatus(404, 'x')).toBe(404);
  });
});

describe('errorMessage', () => {
  it("is the body's message, else 'status - statusText', else 'Server error'", () => {
    expect(errorMessage(409, 'Conflict', '{"error":"email_taken","message":"That e-mail is taken."}')).toBe(
      'That e-mail is taken.',
    );
    expect(errorMessage(502, 'Bad Gateway', '<html>')).toBe('502 - Bad Gateway');
    expect(errorMessage(0, '', '')).toBe('Server error');
  });
});

describe('apiRequest', () => {
  it('treats every 2xx as success and parses the JSON body', async () => {
    vi.stubGlobal('fetch', reply(201, '{"ok":true}'));
    await expect(apiRequest('/api/x')).resolves.toEqual({ ok: true });
  });

  it('treats 1223 as an empty success and status 0 with a body as 200', async () => {
    vi.stubGlobal('fetch', reply(1223, ''));
    await expect(apiRequest('/api/x', { method: 'POST' })).resolves.toBeUndefined();
    vi.stubGlobal('fetch', reply(0, '{"a":1}'));
    await expect(apiRequest('/api/x')).resolves.toEqual({ a: 1 });
  });

  it('reads replies as empty when asked, whatever the body', async () => {
    vi.stubGlobal('fetch', reply(200, 'not json at all'));
    await expect(
      apiRequest('/api/v2/reset_password', { method: 'POST', empty: true }),
    ).resolves.toBeUndefined();
  });

  it("logs and rethrows failures with the server's message and code", async () => {
    vi.stubGlobal('fetch', reply(422, '{"error":"weak_password","message":"Too short."}', 'Unprocessable'));
    const failure = apiRequest('/api/x', { method: 'POST', body: {} });
    await expect(failure).rejects.toMatchObject({
      status: 422,
      message: 'Too short.',
      code: 'weak_password',
    });
    expect(console.error).toHaveBeenCalledWith('Too short.');
  });

  it("falls back to 'status - statusText' and then 'Server error'", async () => {
    vi.stubGlobal('fetch', reply(503, '', 'Service Unavailable'));
    await expect(apiRequest('/api/x')).rejects.toMatchObject({ message: '503 - Service Unavailable' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(apiRequest('/api/x')).rejects.toEqual(new ApiError(0, 'Server error'));
  });

  it('sends the bearer token and, on mutating calls only, the XSRF header from the cookie', async () => {
    sessionStore.setUser(signedInUser);
    document.cookie = 'XSRF-TOKEN=abc%3D; path=/';
    const fetchMock = reply(200, '{}');
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest('/api/x', { method: 'PUT', body: { a: 1 } });
    await apiRequest('/api/x');
    const calls = fetchMock.mock.calls as unknown as [URL, RequestInit][];
    const [put, get] = calls.map(([, init]) => init.headers as Record<string, string>);
    expect(put).toMatchObject({ Authorization: 'Bearer token-of-ada', 'x-xsrf-token': 'abc=' });
    expect(get?.['x-xsrf-token']).toBeUndefined();
    expect(calls[0]?.[0].toString()).toBe(`${window.location.origin}/api/x`);
  });

  it('signs the page out on a 401 to an authenticated call, and only for the token it sent', async () => {
    vi.stubGlobal('fetch', reply(401, '{"error":"invalid_token","message":"Please sign in again."}'));
    await expect(apiRequest('/api/v1/login', { method: 'POST' })).rejects.toBeInstanceOf(ApiError);
    expect(sessionStore.getNotice()).toBeNull();
    sessionStore.setUser(signedInUser);
    await expect(apiRequest('/api/v1/me')).rejects.toMatchObject({ status: 401 });
    expect(sessionStore.getUser()).toBeNull();
    expect(sessionStore.getNotice()).toBe('session_ended');

    // A late 401 for a token the page no longer holds leaves whoever signed in since alone.
    sessionStore.setUser(signedInUser);
    const late = apiRequest('/api/v1/me');
    sessionStore.setUser({ ...signedInUser, auth_token: 'newer' });
    await expect(late).rejects.toMatchObject({ status: 401 });
    expect(sessionStore.token).toBe('newer');
  });
});
