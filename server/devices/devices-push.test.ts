import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { bearer } from '../test/accounts.js';
import { createUser, RawSocket, signIn, type ListeningApp } from '../test/cable-kit.js';
import { testDialects } from '../test/helper.js';
import { instancesKit, redisUrl } from '../test/instances-kit.js';

/** DESIGN section 10 on the push channel: a revoked session's pages are told and closed, the others hear of it. */

const ACCOUNT = JSON.stringify({ channel: 'AccountChannel' });
const signedOut = (reason: string) => ({ identifier: ACCOUNT, message: { event: 'signed_out', reason } });
const ENDED = { type: 'disconnect', reason: 'signed_out', reconnect: false };
const sessionEnded = (id: string) => ({ identifier: ACCOUNT, message: { event: 'session_ended', id } });

const { defer, startOne: startInstance, startTwo } = instancesKit();

interface Device {
  token: string;
  publicId: string;
}

async function newDevice(app: FastifyInstance, userId: number): Promise<Device> {
  const { token, sessionId } = await signIn(app.database.db, userId);
  const row = await app.database.db
    .selectFrom('sessions')
    .select('public_id')
    .where('id', '=', sessionId)
    .executeTakeFirstOrThrow();
  return { token, publicId: row.public_id };
}

async function page(instance: ListeningApp, device: Device) {
  const socket = await RawSocket.welcomed(instance.cableUrl, { token: device.token });
  defer(() => socket.close());
  await socket.subscribe(ACCOUNT);
  return socket;
}

/** Told `signed_out` and why (by default: from another device's list), then closed. */
async function expectToldAndClosed(socket: RawSocket, reason = 'device_sign_out') {
  expect(await socket.next()).toEqual(signedOut(reason));
  expect(await socket.next()).toEqual(ENDED);
  expect((await socket.closed).code).toBe(1000);
}

async function startOne(dialect: (typeof testDialects)[number]) {
  const instance = await startInstance(dialect);
  const user = await createUser(instance.app.database.db);
  return { instance, userId: user.id };
}

describe.each(testDialects)('signing devices out, on the push channel, on %s', (dialect) => {
  it('tells a revoked session’s pages signed_out and closes them; the other pages hear session_ended', async () => {
    const { instance, userId } = await startOne(dialect);
    const { app } = instance;
    const [here, phone, tablet] = [
      await newDevice(app, userId),
      await newDevice(app, userId),
      await newDevice(app, userId),
    ] as [Device, Device, Device];
    const herePage = await page(instance, here);
    const phonePages = [await page(instance, phone), await page(instance, phone)];
    const tabletPage = await page(instance, tablet);

    const reply = await app.inject({
      method: 'DELETE',
      url: `/api/v1/sessions/${phone.publicId}`,
      headers: bearer(here.token),
    });
    expect(reply.statusCode, reply.body).toBe(204);

    for (const socket of phonePages) await expectToldAndClosed(socket);
    expect(await herePage.next()).toEqual(sessionEnded(phone.publicId));
    expect(await tabletPage.next()).toEqual(sessionEnded(phone.publicId));
    // The revoked session cannot open a new socket either.
    await expect(RawSocket.welcomed(instance.cableUrl, { token: phone.token })).rejects.toThrow(
      /unauthorized|closed/,
    );
    await expect(herePage.next({ timeoutMs: 300 })).rejects.toThrow(/No frame/);
  });

  it('tells every other session’s pages signed_out on revoke_others, and the caller’s page each id', async () => {
    const { instance, userId } = await startOne(dialect);
    const { app } = instance;
    const here = await newDevice(app, userId);
    const others = [await newDevice(app, userId), await newDevice(app, userId)];
    const herePage = await page(instance, here);
    const otherPages = [await page(instance, others[0]!), await page(instance, others[1]!)];

    const reply = await app.inject({
      method: 'POST',
      url: '/api/v1/sessions/revoke_others',
      headers: bearer(here.token),
    });
    expect(reply.json()).toEqual({ revoked: 2 });

    for (const socket of otherPages) await expectToldAndClosed(socket);
    const heard = [await herePage.next(), await herePage.next()];
    expect(heard).toEqual(expect.arrayContaining(others.map((other) => sessionEnded(other.publicId))));
    await expect(herePage.next({ timeoutMs: 300 })).rejects.toThrow(/No frame/);
  });

  it('tells the other pages session_ended when a device signs itself out', async () => {
    const { instance, userId } = await startOne(dialect);
    const { app } = instance;
    const [staying, leaving] = [await newDevice(app, userId), await newDevice(app, userId)];
    const stayingPage = await page(instance, staying);
    const leavingPage = await page(instance, leaving);
    await app.inject({ method: 'POST', url: '/api/v1/logout', headers: bearer(leaving.token) });
    await expectToldAndClosed(leavingPage, 'logout');
    expect(await stayingPage.next()).toEqual(sessionEnded(leaving.publicId));
  });
});

describe.skipIf(!redisUrl).each(testDialects)('signing a device out across instances, on %s', (dialect) => {
  it('closes the revoked session’s socket on the other instance and tells the pages there', async () => {
    const [first, second] = await startTwo(dialect);
    const user = await createUser(first.app.database.db);
    const here = await newDevice(first.app, user.id);
    const phone = await newDevice(first.app, user.id);
    const phonePage = await page(second, phone);
    const watcher = await page(second, here);

    const reply = await first.app.inject({
      method: 'DELETE',
      url: `/api/v1/sessions/${phone.publicId}`,
      headers: bearer(here.token),
    });
    expect(reply.statusCode, reply.body).toBe(204);
    await expectToldAndClosed(phonePage);
    expect(await watcher.next()).toEqual(sessionEnded(phone.publicId));
  });
});
