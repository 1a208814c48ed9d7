import { describe, expect, it } from 'vitest';
import type { AdminAuditList, AdminUserDetail, AdminUserList } from '../../contract/admin.js';
import { signIn } from '../test/accounts.js';
import { act, agentWithPasskey, consoleGet, grant, newPerson } from '../test/admin-kit.js';
import { testDialects } from '../test/helper.js';
import { userWithPasskey } from '../test/passkeys-kit.js';
import { subscribe, subscriptionsKit } from '../test/subscriptions-kit.js';
import { userWithTwoFactor } from '../test/two-factor-kit.js';
import { insertTestUser } from '../test/fixtures.js';

/** DESIGN 16: the search, a person's page and the audit viewer. */
const start = subscriptionsKit();
const REASON = 'Asked on the phone, ticket 99.';

describe.each(testDialects)('finding people and what happened, on %s', (dialect) => {
  it('finds people by any part of their address, in any case, wildcards taken literally', async () => {
    const { app } = await start(dialect);
    const { token } = await agentWithPasskey(app);
    // Written directly: `%` is allowed in an address's local part, though sign-up's check refuses it.
    for (const email of [
      'zoe_smith@example.org',
      'zoe-smith@example.org',
      'zoe%smith@example.org',
      'al@zoe.net',
    ])
      await insertTestUser(app.database.db, { email });
    const search = async (q: string) =>
      (await consoleGet(app, token, `/api/v1/admin/users?q=${encodeURIComponent(q)}`))
        .json<AdminUserList>()
        .users.map((user) => user.email);
    expect(await search('ZOE')).toEqual([
      'al@zoe.net',
      'zoe%smith@example.org',
      'zoe-smith@example.org',
      'zoe_smith@example.org',
    ]);
    expect(await search('zoe_')).toEqual(['zoe_smith@example.org']);
    expect(await search('e%s')).toEqual(['zoe%smith@example.org']);
    expect(await search('  @zoe.NET ')).toEqual(['al@zoe.net']);
    expect(await search('nobody-has-this')).toEqual([]);
  });

  it('tells of each person what support needs: two-step, passkeys, devices, subscription, the lock', async () => {
    const kit = await start(dialect);
    const { app } = kit;
    const { token } = await agentWithPasskey(app);
    const plain = await newPerson(app, 'facts');
    const careful = await newPerson(app, 'facts');
    await userWithTwoFactor(app, careful);
    await userWithPasskey(app, { user: careful });
    await signIn(app, { email: plain.email });
    await app.database.db
      .updateTable('users')
      .set({ email_verified_at: new Date().toISOString() })
      .where('id', '=', careful.id)
      .execute();
    await subscribe(kit, careful);
    const reply = await consoleGet(app, token, '/api/v1/admin/users?q=facts');
    expect(reply.statusCode, reply.body).toBe(200);
    const { users, next_cursor } = reply.json<AdminUserList>();
    expect(next_cursor).toBeNull();
    expect(users).toEqual([
      {
        id: plain.id,
        email: plain.email,
        role: 0,
        created_at: plain.created_at,
        email_verified: false,
        two_factor: false,
        passkeys: 0,
        sessions: 2,
        subscription_status: null,
        locked: false,
      },
      {
        id: careful.id,
        email: careful.email,
        role: 0,
        created_at: careful.created_at,
        email_verified: true,
        two_factor: true,
        passkeys: 1,
        sessions: 1,
        subscription_status: 'ACTIVE',
        locked: false,
      },
    ]);
  });

  it('shows a person’s page: devices, subscription and their audit trail naming the agent and the reason', async () => {
    const kit = await start(dialect);
    const { app } = kit;
    const agent = await agentWithPasskey(app);
    const person = await newPerson(app);
    const active = await subscribe(kit, person);
    expect((await act(app, agent.token, person.id, 'unlock', { reason: REASON })).statusCode).toBe(204);

    const reply = await consoleGet(app, agent.token, `/api/v1/admin/users/${person.id}`);
    expect(reply.statusCode, reply.body).toBe(200);
    const page = reply.json<AdminUserDetail>();
    expect(page).toMatchObject({ id: person.id, email: person.email, two_factor: false, passkeys: 0 });
    expect(page.sessions).toEqual([
      expect.objectContaining({ kind: 'signup', device: expect.any(String), current: false }),
    ]);
    expect(page.subscription).toMatchObject({ id: active.id, status: 'ACTIVE' });
    // Provider sign-in (DESIGN 14) is on this server: the person has connected none.
    expect(page.identities).toEqual([]);
    // Subscribing needs a confirmed address (DESIGN 13).
    expect(page.email_verified).toBe(true);
    expect(page.audit_events.map((event) => event.event)).toEqual(['support_unlocked', 'sign_up']);
    expect(page.audit_events[0]).toMatchObject({
      agent: { id: agent.account.id, email: agent.account.email },
      reason: REASON,
    });
    expect(page.audit_events[1]).toMatchObject({ agent: null, reason: null });
    expect((await consoleGet(app, agent.token, '/api/v1/admin/users/424242')).json()).toEqual({
      error: 'user_not_found',
      message: 'No account has this id. It may have been deleted.',
    });
  });

  it('pages the audit trail by account and event, and no longer names an agent whose role was revoked', async () => {
    const { app } = await start(dialect);
    const agent = await agentWithPasskey(app);
    const other = await agentWithPasskey(app);
    const person = await newPerson(app);
    for (let i = 0; i < 52; i += 1)
      expect(
        (await act(app, other.token, person.id, 'unlock', { reason: `${REASON} #${i}` })).statusCode,
      ).toBe(204);
    await grant(app, other.account.email, 'revoke');

    const first = (
      await consoleGet(app, agent.token, `/api/v1/admin/audit?user=${person.id}&event=support_unlocked`)
    ).json<AdminAuditList>();
    expect(first.events).toHaveLength(50);
    expect(first.events[0]).toMatchObject({
      reason: `${REASON} #51`,
      agent: { id: null, email: null },
    });
    const second = (
      await consoleGet(
        app,
        agent.token,
        `/api/v1/admin/audit?user=${person.id}&event=support_unlocked&before=${first.next_cursor}`,
      )
    ).json<AdminAuditList>();
    expect(second.events.map((event) => event.reason)).toEqual([`${REASON} #1`, `${REASON} #0`]);
    expect(second.next_cursor).toBeNull();
    // The grant of each agent is in the trail too, with the operator as the reason's author.
    const grants = (
      await consoleGet(app, agent.token, '/api/v1/admin/audit?event=support_role_granted')
    ).json<AdminAuditList>();
    expect(grants.events.map((event) => event.reason)).toEqual([
      "On the server's command line, by tester",
      "On the server's command line, by tester",
    ]);
    expect((await consoleGet(app, agent.token, '/api/v1/admin/audit?user=abc')).statusCode).toBe(400);
  });
});
