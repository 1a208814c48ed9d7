import { describe, expect, it } from 'vitest';
import type { User } from '../../contract/users.js';
import { bearer, signIn } from '../test/accounts.js';
import { act, agentWithPasskey, consoleGet, deletePerson, grant, newPerson } from '../test/admin-kit.js';
import { testDialects } from '../test/helper.js';
import { subscriptionsKit } from '../test/subscriptions-kit.js';
import { codeStep, challengeOf, userWithTwoFactor } from '../test/two-factor-kit.js';

/** DESIGN 16: who may use the support console, and the refusals every action shares. */
const start = subscriptionsKit();

const ACTIONS = ['sign_out_all', 'reset_two_factor', 'unlock', 'cancel_subscription'];
const REASON = { reason: 'Locked out after a phone change, ticket 12.' };

/** Every call of the console, as `token` would make it, against person `id`. */
function everyCall(
  app: Parameters<typeof act>[0],
  token: string | null,
  id: number,
): Array<[string, () => ReturnType<typeof act>]> {
  return [
    ['GET /api/v1/admin/users', () => consoleGet(app, token, '/api/v1/admin/users?q=a')],
    [`GET /api/v1/admin/users/${id}`, () => consoleGet(app, token, `/api/v1/admin/users/${id}`)],
    ['GET /api/v1/admin/audit', () => consoleGet(app, token, '/api/v1/admin/audit')],
    ...ACTIONS.map((action): [string, () => ReturnType<typeof act>] => [
      `POST /api/v1/admin/users/${id}/${action}`,
      () => act(app, token, id, action),
    ]),
    [`DELETE /api/v1/admin/users/${id}`, () => deletePerson(app, token, id)],
  ];
}

describe.each(testDialects)('the support console’s guard, on %s', (dialect) => {
  it('answers a member, and a call without a token, the 404 of an unknown address, whatever the body', async () => {
    const { app } = await start(dialect);
    const member = await newPerson(app);
    const other = await newPerson(app);
    for (const token of [member.auth_token, null, 'not-a-token'])
      for (const [call, send] of everyCall(app, token, other.id)) {
        const reply = await send();
        const [method, path] = call.split(' ');
        expect(reply.statusCode, call).toBe(404);
        expect(reply.json(), call).toEqual({
          error: 'not_found',
          message: `There is no ${method} ${path} here.`,
        });
      }
    // Not even the body is looked at before the guard: a body that is no JSON object gets the same 404.
    const bad = await act(app, member.auth_token, other.id, 'unlock', 'not json at all');
    expect(bad.statusCode).toBe(404);
    expect((await consoleGet(app, member.auth_token, '/api/v1/admin/users/abc')).statusCode).toBe(404);
  });

  it('refuses an agent whose session began with the password alone: 403 admin_needs_two_step', async () => {
    const { app } = await start(dialect);
    const agent = await newPerson(app, 'agent');
    await grant(app, agent.email);
    const other = await newPerson(app);
    const session = await signIn(app, { email: agent.email });
    for (const token of [session.auth_token, agent.auth_token])
      for (const [call, send] of everyCall(app, token, other.id)) {
        const reply = await send();
        expect(reply.statusCode, call).toBe(403);
        expect(reply.json(), call).toEqual({
          error: 'admin_needs_two_step',
          message:
            'The support console needs a session that began with two steps: sign out, then sign in with a passkey, or with your password and a code.',
        });
      }
  });

  it('lets in an agent signed in with a passkey, or with the password and a code', async () => {
    const { app } = await start(dialect);
    const { token } = await agentWithPasskey(app);
    expect((await consoleGet(app, token, '/api/v1/admin/users')).statusCode).toBe(200);

    const { user, recoveryCodes } = await userWithTwoFactor(app, await newPerson(app, 'agent'));
    await grant(app, user.email);
    // A recovery code: the authenticator's code of this 30 seconds turned two-step sign-in on already.
    const reply = await codeStep(app, await challengeOf(app, user.email), recoveryCodes[0]!);
    expect(reply.statusCode, reply.body).toBe(200);
    const twoStep = reply.json<User>().auth_token;
    expect((await consoleGet(app, twoStep, '/api/v1/admin/users')).statusCode).toBe(200);
  });

  it('closes to an agent whose role was revoked, at their next call', async () => {
    const { app } = await start(dialect);
    const { account, token } = await agentWithPasskey(app);
    expect((await consoleGet(app, token, '/api/v1/admin/audit')).statusCode).toBe(200);
    await grant(app, account.email, 'revoke');
    expect((await consoleGet(app, token, '/api/v1/admin/audit')).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/v1/me', headers: bearer(token) })).json()).toMatchObject({
      role: 0,
    });
  });
});

describe.each(testDialects)('the refusals every action shares, on %s', (dialect) => {
  it('acts neither on the agent’s own account nor on another agent’s', async () => {
    const { app } = await start(dialect);
    const { account, token } = await agentWithPasskey(app);
    const colleague = await newPerson(app, 'agent');
    await grant(app, colleague.email);
    for (const action of ACTIONS) {
      expect((await act(app, token, account.id, action, REASON)).json()).toEqual({
        error: 'cannot_act_on_self',
        message: 'The support console does not act on your own account: use your account page.',
      });
      const onColleague = await act(app, token, colleague.id, action, REASON);
      expect(onColleague.statusCode).toBe(403);
      expect(onColleague.json()).toMatchObject({ error: 'cannot_act_on_agent' });
    }
    expect((await deletePerson(app, token, account.id)).json()).toMatchObject({
      error: 'cannot_act_on_self',
    });
    expect((await deletePerson(app, token, colleague.id)).json()).toMatchObject({
      error: 'cannot_act_on_agent',
    });
    expect((await consoleGet(app, token, `/api/v1/admin/users/${colleague.id}`)).statusCode).toBe(200);
  });

  it('asks for a reason of 10 to 500 characters, and names no person that is not there', async () => {
    const { app } = await start(dialect);
    const { token } = await agentWithPasskey(app);
    const person = await newPerson(app);
    const INVALID_REASON = {
      error: 'invalid_reason',
      message: 'Please give a reason of 10 to 500 characters. It is kept in the audit trail.',
    };
    for (const action of ACTIONS) {
      const missing = await act(app, token, person.id, action, {});
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({
        error: 'invalid_request',
        message: 'The request is missing a field or has a field of the wrong type: reason.',
      });
      for (const reason of ['too short', '   nine ch   ', 'x'.repeat(501)]) {
        const reply = await act(app, token, person.id, action, { reason });
        expect(reply.statusCode, reason).toBe(422);
        expect(reply.json()).toEqual(INVALID_REASON);
      }
      expect((await act(app, token, 999_999, action, REASON)).json()).toEqual({
        error: 'user_not_found',
        message: 'No account has this id. It may have been deleted.',
      });
    }
    expect((await deletePerson(app, token, person.id, { reason: 'short' })).json()).toEqual(INVALID_REASON);
    expect((await deletePerson(app, token, person.id, {})).statusCode).toBe(400);
    // Nothing happened to the person on the way.
    expect((await app.inject({ url: '/api/v1/me', headers: bearer(person.auth_token) })).statusCode).toBe(
      200,
    );
    // 500 characters (emoji count as one each) are enough, not too many.
    const longest = await act(app, token, person.id, 'unlock', { reason: '🙂'.repeat(500) });
    expect(longest.statusCode, longest.body).toBe(204);
  });
});
