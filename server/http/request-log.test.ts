import type { FastifyRequest } from 'fastify';
import { type DestinationStream, pino, type LoggerOptions } from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helper.js';
import { captureLogs } from '../test/logs.js';
import { loggerOptions, ownLineFormat } from './logger.js';
import { millisecondsText, requestCompletedLine } from './request-log.js';

let current: TestApp | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await current?.close();
  current = undefined;
});

describe('the request log', () => {
  it('writes one line per request at info: method, redacted URL, status and time', async () => {
    const logs = captureLogs('info');
    current = await buildTestApp({ logger: logs.logger });
    const { app } = current;
    await app.ready();
    logs.lines.length = 0;
    await app.inject({
      url: '/change-password/s3cr3t-reset-token?token=s3cr3t-query',
      headers: { authorization: 'Bearer s3cr3t-bearer', cookie: 'XSRF-TOKEN=s3cr3t-cookie' },
    });
    await app.inject('/healthz');

    const lines = logs.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: { method: 'GET', url: '/change-password/[REDACTED]?token=[REDACTED]' },
      res: { statusCode: 503 },
    });
    expect(lines[1]).toMatchObject({ req: { method: 'GET', url: '/healthz' }, res: { statusCode: 200 } });
    // The request's id, as on every other line its logger writes; the keys in the order they always had.
    expect(typeof lines[1]?.reqId).toBe('string');
    expect(Object.keys(lines[1]!)).toEqual([
      'level',
      'time',
      'pid',
      'hostname',
      'reqId',
      'req',
      'res',
      'responseTime',
      'msg',
    ]);
    expect(typeof lines[1]?.responseTime).toBe('number');
    expect(logs.text()).not.toContain('s3cr3t');
  });

  it('puts the line together from the app’s own fields exactly as pino writes it with the app’s options, escapes and all', () => {
    const written: string[] = [];
    const options = loggerOptions('info', { write: (line: string) => void written.push(line) });
    const format = ownLineFormat(options)!;
    const log = pino(options as LoggerOptions, format.stream as DestinationStream);
    vi.useFakeTimers({ toFake: ['Date'] });
    for (const url of [
      '/healthz',
      '/a"b\\c/\u00e9\u2028?x=1&token=s3cr3t',
      '/change-password/s3cr3t',
      '/\u0001\n',
    ]) {
      const request = {
        id: 'req-7"',
        method: 'GET',
        url,
        ip: '::ffff:127.0.0.1',
      } as unknown as FastifyRequest;
      log
        .child({ reqId: request.id })
        .info({ req: request, res: { statusCode: 201 }, responseTime: 1.25 }, 'request completed');
      expect(requestCompletedLine(format, 'reqId', request, 201, 1.25)).toBe(written.pop());
    }
  });

  it('writes the time in milliseconds to the microsecond, as JSON writes the rounded number', () => {
    const cases: Array<[number, string]> = [
      [1.25, '1.25'],
      [0.123456789, '0.123'],
      [0.0004, '0'],
      [0.0005, '0.001'],
      [12, '12'],
      [1.5, '1.5'],
      [0.01, '0.01'],
      [999.9996, '1000'],
      [2_000_000.5, '2000000.5'],
      [Number.NaN, 'null'],
      [Number.POSITIVE_INFINITY, 'null'],
    ];
    for (const [ms, text] of cases) expect(millisecondsText(ms), String(ms)).toBe(text);
    for (let i = 0; i < 20_000; i += 1) {
      const ms = i % 2 ? i / 997 : i * 13.37;
      expect(millisecondsText(ms)).toBe(JSON.stringify(Math.round(ms * 1000) / 1000));
    }
  });

  it('leaves options it did not make, or changed ones, to pino', () => {
    const options = loggerOptions('info', { write: () => true }) as LoggerOptions;
    expect(ownLineFormat(options)).not.toBeNull();
    expect(ownLineFormat({ ...options, mixin: () => ({}) })).toBeNull();
    expect(ownLineFormat({ level: 'info' })).toBeNull();
    expect(ownLineFormat(false)).toBeNull();
  });

  it('falls back to pino for a logger that shapes its lines (a mixin here), and still writes one line', async () => {
    const logs = captureLogs('info');
    const options = logs.logger as LoggerOptions;
    current = await buildTestApp({ logger: { ...options, mixin: () => ({ instance: 'blue' }) } });
    await current.app.ready();
    logs.lines.length = 0;
    await current.app.inject('/healthz');
    expect(logs.lines).toHaveLength(1);
    expect(JSON.parse(logs.lines[0]!)).toMatchObject({
      instance: 'blue',
      msg: 'request completed',
      req: { method: 'GET', url: '/healthz' },
      res: { statusCode: 200 },
    });
  });

  it('writes nothing for a request when the level is above info', async () => {
    const logs = captureLogs('warn');
    current = await buildTestApp({ logger: logs.logger });
    await current.app.inject('/healthz');
    expect(logs.lines).toEqual([]);
  });

  it('answers as usual when the app is built without a logger', async () => {
    current = await buildTestApp({ logger: false });
    expect((await current.app.inject('/healthz')).statusCode).toBe(200);
  });
});
