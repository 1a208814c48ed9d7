import { setTimeout as sleep } from 'node:timers/promises';
import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { roundOf, roundWindow } from './bench.js';

describe('roundOf', () => {
  it('rates only the answers within the window, and counts every answer', () => {
    // A window of one second from 1,000 ms: answers at its middle and its end count, one after it does not.
    const round = roundOf(
      'side',
      [
        { at: 1500, latency: 10 },
        { at: 2000, latency: 20 },
        { at: 2050, latency: 60 },
      ],
      1000,
      1,
    );
    expect(round.perSecond).toBe(2);
    expect(round.requests).toBe(3);
    expect(round.p50).toBe(20);
    expect(round.p99).toBe(60);
  });
});

describe('roundWindow', () => {
  it('says to send again while open, and counts an answer that came after it closed only as a request', async () => {
    const open = roundWindow(60);
    expect(open.answered(performance.now())).toBe(true);
    expect(open.round('open')).toMatchObject({ requests: 1, perSecond: 1 / 60 });

    const closing = roundWindow(0.05);
    const sentAt = performance.now();
    await sleep(100);
    expect(closing.isOpen()).toBe(false);
    expect(closing.answered(sentAt)).toBe(false);
    const round = closing.round('closed');
    expect(round.requests).toBe(1);
    expect(round.perSecond).toBe(0);
    expect(round.p50).toBeGreaterThanOrEqual(99);
  });
});
