import { pino } from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helper.js';
import { captureLogs } from '../test/logs.js';
import { RequestLogger } from './request-logger.js';

let current: TestApp | undefined;
afterEach(async () => {
  await current?.close();
  current = undefined;
});

function parentLogger(level: string) {
  const lines: string[] = [];
  const log = pino({ level }, { write: (line: string) => void lines.push(line) });
  return { log, lines };
}

describe('a request’s logger', () => {
  it('is made only when the request logs: a plain request makes no child of the app’s logger', async () => {
    const logs = captureLogs('info');
    current = await buildTestApp({ logger: logs.logger });
    const { app } = current;
    await app.ready();
    const child = vi.spyOn(app.log, 'child');
    logs.lines.length = 0;
    expect((await app.inject('/healthz')).statusCode).toBe(200);
    expect(child).not.toHaveBeenCalled();
    expect(logs.lines).toHaveLength(1);
  });

  it('writes what the request logs with its id and the app’s bindings, once made', () => {
    const { log, lines } = parentLogger('info');
    const request = new RequestLogger(log, { reqId: 'req-9' }, {});
    request.warn({ dependency: 'paypal' }, 'a dependency is unavailable');
    request.info('second');
    request.debug('below the level');
    expect(lines.map((line) => JSON.parse(line) as Record<string, unknown>)).toEqual([
      expect.objectContaining({
        level: 40,
        reqId: 'req-9',
        dependency: 'paypal',
        msg: 'a dependency is unavailable',
      }),
      expect.objectContaining({ level: 30, reqId: 'req-9', msg: 'second' }),
    ]);
    expect(request.child({ socket: 1 }).level).toBe('info');
  });

  it('tells whether a level is on from the levels alone, a route’s own level first', () => {
    const { log } = parentLogger('info');
    const child = vi.spyOn(log, 'child');
    const plain = new RequestLogger(log, { reqId: 'a' }, {});
    expect([
      plain.isLevelEnabled('debug'),
      plain.isLevelEnabled('info'),
      plain.isLevelEnabled('error'),
    ]).toEqual([false, true, true]);
    const quiet = new RequestLogger(log, { reqId: 'b' }, { level: 'warn' });
    expect([quiet.level, quiet.isLevelEnabled('info'), quiet.isLevelEnabled('warn')]).toEqual([
      'warn',
      false,
      true,
    ]);
    const loud = new RequestLogger(log, { reqId: 'c' }, { level: 'trace' });
    expect(loud.isLevelEnabled('trace')).toBe(true);
    expect(new RequestLogger(log, { reqId: 'd' }, { level: 'silent' }).isLevelEnabled('fatal')).toBe(false);
    expect(child).not.toHaveBeenCalled();
    loud.level = 'error';
    expect([loud.level, loud.isLevelEnabled('warn')]).toEqual(['error', false]);
  });
});
