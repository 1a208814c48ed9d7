import { afterEach, describe, expect, it } from 'vitest';
import { sessionStream, userStream, type AccountBroadcast } from '../push/account-events.js';
import { bearer, signIn, signUpUser, STRONG_PASSWORD } from '../test/accounts.js';
import { buildTestApp, testDialects, type TestApp } from '../test/helper.js';

let current: TestApp | undefined;
afterEach(async () => {
  await current?.close();
  current = undefined;
});

/** What the push channel would deliver: every broadcast on the given streams, in order. */
async function listen(app: TestApp['app'], streams: string[]) {
  const heard: [string, AccountBroadcast][] = [];
  for (const stream of streams)
    await app.ctx.bus.subscribe(stream, (message) => heard.push([stream, message as AccountBroadcast]));
  return heard;
}

const sessionsOf = (app: TestApp['app']) =>
  app.database.db.selectFrom('sessions').select(['id', 'kind']).orderBy('id').execute();

describe.each(testDialects)('push events of the accounts API on %s', (dialect) => {
  it('tell the account about new sessions, a password change, sign-outs and deletion', async () => {
    current = await buildTestApp({ dialect });
    const { app } = current;
    const user = await signUpUser(app);
    const [signupSession] = await sessionsOf(app);
    const heard = await listen(app, [userStream(user.id), sessionStream(signupSession!.id)]);

    const second = await signIn(app);
    const sessions = await sessionsOf(app);
    const secondId = sessions.find((s) => s.kind === 'password')!.id;
    heard.length = 0;
    await app.ctx.bus.subscribe(sessionStream(secondId), (message) =>
      heard.push([sessionStream(secondId), message as AccountBroadcast]),
    );

    await app.inject({
      method: 'PUT',
      url: '/api/v2/change_password',
      headers: bearer(second.auth_token),
      payload: { current_password: STRONG_PASSWORD, password: 'a brand new password' },
    });
    expect(heard).toEqual([
      [
        sessionStream(signupSession!.id),
        { event: { event: 'signed_out', reason: 'password_changed' }, disconnect: true },
      ],
      [userStream(user.id), { event: { event: 'password_changed' }, disconnect: false }],
    ]);

    heard.length = 0;
    const { public_id: secondPublicId } = await app.database.db
      .selectFrom('sessions')
      .select('public_id')
      .where('id', '=', secondId)
      .executeTakeFirstOrThrow();
    await app.inject({ method: 'POST', url: '/api/v1/logout', headers: bearer(second.auth_token) });
    expect(heard).toEqual([
      [sessionStream(secondId), { event: { event: 'signed_out', reason: 'logout' }, disconnect: true }],
      [userStream(user.id), { event: { event: 'session_ended', id: secondPublicId }, disconnect: false }],
    ]);

    heard.length = 0;
    await app.inject({
      method: 'POST',
      url: '/api/v1/delete_user_with_token',
      payload: { email: 'ada@example.com', password: 'a brand new password' },
    });
    expect(heard).toEqual([[userStream(user.id), { event: { event: 'account_deleted' }, disconnect: true }]]);
  });

  it('announce a password sign-in as session_created of kind password', async () => {
    current = await buildTestApp({ dialect });
    const { app } = current;
    const user = await signUpUser(app);
    const heard = await listen(app, [userStream(user.id)]);
    await signIn(app);
    expect(heard).toEqual([
      [userStream(user.id), { event: { event: 'session_created', kind: 'password' }, disconnect: false }],
    ]);
  });
});
