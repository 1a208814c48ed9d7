import { describe, expect, it } from 'vitest';
import { bearer, STRONG_PASSWORD } from '../test/accounts.js';
import { cableTestBed, RawSocket } from '../test/cable-kit.js';
import { testDialects } from '../test/helper.js';

/** The events of DESIGN section 5, caused by the real API calls, as a page's socket receives them. */

const ACCOUNT = JSON.stringify({ channel: 'AccountChannel' });

const bed = cableTestBed();

async function start(dialect: (typeof testDialects)[number]) {
  const { app, cableUrl } = await bed.start(dialect);
  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token?: string) => {
    const reply = await app.inject({ method, url, payload, headers: token ? bearer(token) : {} });
    expect(reply.statusCode, reply.body).toBeLessThan(300);
    return reply.body ? reply.json() : undefined;
  };
  const signUp = await call('POST', '/api/v1/users', {
    user: { email: 'ada@example.com', password: STRONG_PASSWORD },
  });
  const page = async (token: string) => {
    const socket = await RawSocket.welcomed(cableUrl, { token });
    bed.track(socket);
    await socket.subscribe(ACCOUNT);
    return socket;
  };
  const signIn = async () =>
    (
      await call('POST', '/api/v1/login', {
        session: { email: 'ada@example.com', password: STRONG_PASSWORD },
      })
    ).auth_token as string;
  return { call, page, signIn, token: signUp.auth_token as string };
}

const event = (message: object) => ({ identifier: ACCOUNT, message });

describe.each(testDialects)('account events from the API on %s', (dialect) => {
  it('session_created for a password sign-in and for a QR sign-in, with their kinds', async () => {
    const { call, page, signIn, token } = await start(dialect);
    const socket = await page(token);
    await signIn();
    expect(await socket.next()).toEqual(event({ event: 'session_created', kind: 'password' }));
    const { link } = await call(
      'GET',
      `/api/v1/check_chromes_password?password=${encodeURIComponent(STRONG_PASSWORD)}`,
      undefined,
      token,
    );
    await call('POST', '/api/v1/login', { session: { auth_token: link.split('auth_token=')[1] } });
    expect(await socket.next()).toEqual(event({ event: 'session_created', kind: 'qr' }));
  });

  it('password_changed to the page that changed it, signed_out and the end to the others', async () => {
    const { call, page, signIn, token } = await start(dialect);
    const other = await signIn();
    const here = await page(token);
    const there = await page(other);
    await call(
      'PUT',
      '/api/v2/change_password',
      { current_password: STRONG_PASSWORD, password: 'a new kettle rain' },
      token,
    );
    expect(await there.next()).toEqual(event({ event: 'signed_out', reason: 'password_changed' }));
    expect(await there.next()).toEqual({ type: 'disconnect', reason: 'signed_out', reconnect: false });
    expect(await here.next()).toEqual(event({ event: 'password_changed' }));
  });

  it('signed_out and the end on logout, for that session only; the other pages hear session_ended', async () => {
    const { call, page, signIn, token } = await start(dialect);
    const other = await signIn();
    const leaving = await page(token);
    const staying = await page(other);
    const { sessions } = await call('GET', '/api/v1/sessions', undefined, token);
    const leavingId = sessions.find((session: { current: boolean }) => session.current).id;
    await call('POST', '/api/v1/logout', undefined, token);
    expect(await leaving.next()).toEqual(event({ event: 'signed_out', reason: 'logout' }));
    expect(await leaving.next()).toMatchObject({ type: 'disconnect', reason: 'signed_out' });
    expect(await staying.next()).toEqual(event({ event: 'session_ended', id: leavingId }));
    await expect(staying.next({ timeoutMs: 300 })).rejects.toThrow(/No frame/);
  });

  it('account_deleted and the end for every page of the user on deletion', async () => {
    const { call, page, signIn, token } = await start(dialect);
    const other = await signIn();
    const pages = [await page(token), await page(other)];
    await call('POST', '/api/v1/delete_user_with_token', {
      email: 'ada@example.com',
      password: STRONG_PASSWORD,
    });
    for (const socket of pages) {
      expect(await socket.next()).toEqual(event({ event: 'account_deleted' }));
      expect(await socket.next()).toEqual({
        type: 'disconnect',
        reason: 'account_deleted',
        reconnect: false,
      });
    }
  });
});
