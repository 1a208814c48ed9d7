import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helper.js';
import replyBatch, { REPLY_BATCH_LIMIT, ReplyBatch } from './reply-batch.plugin.js';

let current: FastifyInstance | TestApp | undefined;
afterEach(async () => {
  await current?.close();
  current = undefined;
  vi.restoreAllMocks();
});

/** A bare Fastify with the batch and a route that notes when each request is handled and each reply leaves. */
async function appNotingOrder(batched: boolean) {
  const order: string[] = [];
  const app = Fastify();
  current = app;
  if (batched) await app.register(replyBatch);
  // Registered after the batch: it runs when the batch lets a reply go on.
  app.addHook('onSend', (request, _reply, payload, done) => {
    order.push(`sent ${(request.query as { n: string }).n}`);
    done(null, payload);
  });
  app.get('/n', (request) => {
    const { n } = request.query as { n: string };
    order.push(`handled ${n}`);
    return { n };
  });
  await app.ready();
  return { app, order };
}

const replyOf = (log: { error: (...args: unknown[]) => void }, destroy: () => void) =>
  ({ log, raw: { destroy } }) as unknown as FastifyReply;

describe('replies of one turn of the event loop', () => {
  it('leave together after every request of the turn is handled, in order, with their payloads', async () => {
    const { app, order } = await appNotingOrder(true);
    const replies = await Promise.all(['1', '2', '3'].map((n) => app.inject(`/n?n=${n}`)));
    expect(replies.map((reply) => reply.json<{ n: string }>())).toEqual([{ n: '1' }, { n: '2' }, { n: '3' }]);
    expect(order).toEqual(['handled 1', 'handled 2', 'handled 3', 'sent 1', 'sent 2', 'sent 3']);
  });

  it('would each leave as soon as handled without the batch (what the test above tells apart)', async () => {
    const { app, order } = await appNotingOrder(false);
    await Promise.all(['1', '2'].map((n) => app.inject(`/n?n=${n}`)));
    expect(order).toEqual(['handled 1', 'sent 1', 'handled 2', 'sent 2']);
  });

  it('are held no later than the end of the turn, and a full batch leaves at once', async () => {
    const batch = new ReplyBatch(3);
    const released: unknown[] = [];
    const release = (_error: Error | null, payload: unknown) => void released.push(payload);
    const reply = replyOf({ error: () => {} }, () => {});
    batch.hold(reply, 'a', release);
    batch.hold(reply, 'b', release);
    expect(released).toEqual([]);
    batch.hold(reply, 'c', release);
    expect(released).toEqual(['a', 'b', 'c']);
    batch.hold(reply, 'd', release);
    expect(released).toEqual(['a', 'b', 'c']);
    await new Promise((resolve) => setImmediate(resolve));
    expect(released).toEqual(['a', 'b', 'c', 'd']);
    expect(REPLY_BATCH_LIMIT).toBeGreaterThan(10);
  });

  it('still sends the others when one cannot be written, and closes that one’s connection with a log line', async () => {
    const batch = new ReplyBatch();
    const released: unknown[] = [];
    const errors: unknown[][] = [];
    const destroy = vi.fn();
    const failing = replyOf({ error: (...args) => void errors.push(args) }, destroy);
    const fine = replyOf({ error: (...args) => void errors.push(args) }, () => {});
    batch.hold(failing, 'x', () => {
      throw new Error('socket gone');
    });
    batch.hold(fine, 'y', (_error, payload) => void released.push(payload));
    await new Promise((resolve) => setImmediate(resolve));
    expect(released).toEqual(['y']);
    expect(destroy).toHaveBeenCalledOnce();
    expect(errors).toEqual([[{ err: new Error('socket gone') }, 'reply could not be written']]);
  });

  it('include every reply of the app, its errors and 404s too', async () => {
    const hold = vi.spyOn(ReplyBatch.prototype, 'hold');
    current = await buildTestApp();
    const { app } = current;
    expect((await app.inject('/healthz')).statusCode).toBe(200);
    expect((await app.inject('/api/v1/nothing-here')).statusCode).toBe(404);
    const badJson = {
      method: 'POST',
      url: '/api/v1/login',
      payload: '{',
      headers: { 'content-type': 'application/json' },
    } as const;
    expect((await app.inject(badJson)).statusCode).toBe(400);
    expect(hold).toHaveBeenCalledTimes(3);
  });
});
