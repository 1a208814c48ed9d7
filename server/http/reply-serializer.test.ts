import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, type TestApp } from '../test/helper.js';

let current: TestApp | undefined;
afterEach(async () => {
  await current?.close();
  current = undefined;
});

const account = z.object({ id: z.number(), email: z.string(), name: z.string().nullable() });

async function appReplying(body: unknown) {
  current = await buildTestApp();
  current.app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/test/account',
      { schema: { response: { 200: z.object({ user: account, others: z.array(account) }) } } },
      async () => body as never,
    );
  return current.app;
}

const ada = { id: 1, email: 'ada@example.com', name: null };

describe('the compiled reply serialiser', () => {
  it('writes the reply its schema describes', async () => {
    const app = await appReplying({ user: ada, others: [{ ...ada, id: 2, name: 'Bob' }] });
    const reply = await app.inject('/api/test/account');
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ user: ada, others: [{ ...ada, id: 2, name: 'Bob' }] });
  });

  it('never puts a field the schema does not name on the wire, at any depth', async () => {
    const leaky = { ...ada, password_hash: '$argon2id$v=19$secret', token_hash: 'abc' };
    const app = await appReplying({ user: leaky, others: [leaky], debug: 'internal' });
    const reply = await app.inject('/api/test/account');
    expect(reply.statusCode).toBe(200);
    expect(reply.body).not.toContain('password_hash');
    expect(reply.body).not.toContain('argon2id');
    expect(reply.body).not.toContain('token_hash');
    expect(reply.body).not.toContain('internal');
    expect(reply.json()).toEqual({ user: ada, others: [ada] });
  });

  it('fails a reply that lacks a required field with the generic 500, sending none of it', async () => {
    const app = await appReplying({ user: { id: 1, name: null }, others: [] });
    const reply = await app.inject('/api/test/account');
    expect(reply.statusCode).toBe(500);
    expect(reply.json()).toEqual({
      error: 'internal_error',
      message: 'Something went wrong on our side. Please try again in a moment.',
    });
  });
});

describe('compiling the reply serialisers', () => {
  it('compiles the serialiser of every route of the whole app', async () => {
    current = await buildTestApp();
    await current.app.ready();
    expect(() => current!.app.compileReplySerializers()).not.toThrow();
  });

  it('throws for a reply schema JSON Schema cannot describe, which a first reply would otherwise meet', async () => {
    current = await buildTestApp();
    current.app
      .withTypeProvider<ZodTypeProvider>()
      .get('/api/test/when', { schema: { response: { 200: z.object({ at: z.date() }) } } }, async () => ({
        at: new Date(),
      }));
    await current.app.ready();
    expect(() => current!.app.compileReplySerializers()).toThrow(/Date cannot be represented/);
  });
});
