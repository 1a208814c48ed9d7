import { describe, expect, it } from 'vitest';
import { LogOutput, terminalFormat } from './log-output.js';

/** A reader that takes `room` bytes, then stops reading (EAGAIN) until given more room. */
function reader(room = Infinity) {
  const state = { room, received: '', attempts: 0 };
  const writeSync = (_fd: number, data: Buffer) => {
    state.attempts += 1;
    if (state.room <= 0)
      throw Object.assign(new Error('EAGAIN: resource temporarily unavailable'), { code: 'EAGAIN' });
    const taken = Math.min(state.room, data.length);
    state.room -= taken;
    state.received += data.subarray(0, taken).toString();
    return taken;
  };
  return { state, writeSync };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));
const line = (n: number) => `${JSON.stringify({ level: 30, msg: `line ${n}` })}\n`;

describe('LogOutput', () => {
  it('writes the lines of one tick together, in order', async () => {
    const { state, writeSync } = reader();
    const output = new LogOutput({ fd: 1, writeSync });
    output.write(line(1));
    output.write(line(2));
    expect(state.received).toBe('');
    await tick();
    expect(state.received).toBe(line(1) + line(2));
    expect(state.attempts).toBe(1);
  });

  it('holds at most its limit while the reader stalls, drops the rest with a count, and says so once drained', async () => {
    const { state, writeSync } = reader(0);
    const output = new LogOutput({ fd: 1, writeSync, maxPendingBytes: 10 * line(0).length });
    for (let n = 0; n < 1000; n += 1) output.write(line(n));
    await tick();
    expect(output.pending).toBeLessThanOrEqual(10 * line(0).length);
    expect(output.droppedLines).toBe(990);

    state.room = Infinity;
    output.flushWithin(1000);
    const lines = state.received.trim().split('\n');
    expect(lines.slice(0, 10)).toEqual(Array.from({ length: 10 }, (_, n) => line(n).trim()));
    expect(JSON.parse(lines[10]!)).toMatchObject({
      level: 40,
      msg: 'the log reader was not reading: dropped 990 log lines',
    });
    expect(output.droppedLines).toBe(0);
  });

  it('keeps the part of a line the reader did not take', async () => {
    const { state, writeSync } = reader(5);
    const output = new LogOutput({ fd: 1, writeSync });
    output.write(line(1));
    await tick();
    expect(state.received).toBe(line(1).slice(0, 5));
    state.room = Infinity;
    output.flushWithin(1000);
    expect(state.received).toBe(line(1));
  });

  it('keeps the bytes the reader did not take ahead of later lines, counting bytes, not characters', async () => {
    const chunks: Buffer[] = [];
    let room = 12;
    const writeSync = (_fd: number, data: Buffer) => {
      if (room <= 0) throw Object.assign(new Error('EAGAIN'), { code: 'EAGAIN' });
      const taken = Math.min(room, data.length);
      room -= taken;
      chunks.push(Buffer.from(data.subarray(0, taken)));
      return taken;
    };
    const output = new LogOutput({ fd: 1, writeSync });
    const first = '{"msg":"café ✓ one"}\n';
    const second = '{"msg":"naïve ✓ two"}\n';
    output.write(first);
    await tick();
    // Twelve bytes went, the first half of "é" the last of them; the rest of the line waits, as bytes.
    expect(output.pending).toBe(Buffer.byteLength(first) - 12);
    output.write(second);
    expect(output.pending).toBe(Buffer.byteLength(first) - 12 + Buffer.byteLength(second));
    room = Infinity;
    output.flushWithin(1000);
    expect(Buffer.concat(chunks).toString()).toBe(first + second);
    expect(output.pending).toBe(0);
  });

  it('gives a reader that never reads a bounded final flush, and returns', () => {
    const { state, writeSync } = reader(0);
    const output = new LogOutput({ fd: 1, writeSync });
    output.write(line(1));
    output.flushWithin(30);
    expect(state.attempts).toBeGreaterThan(0);
    expect(state.received).toBe('');
  });

  it('retries the bytes a stalled reader left as they are, never copying them again', async () => {
    const seen: Buffer[] = [];
    let room = line(0).length * 2 + 5;
    const output = new LogOutput({
      fd: 1,
      writeSync: (_fd, data) => {
        seen.push(data);
        if (room <= 0) throw Object.assign(new Error('EAGAIN'), { code: 'EAGAIN' });
        const taken = Math.min(room, data.length);
        room -= taken;
        return taken;
      },
    });
    for (let n = 0; n < 100; n += 1) output.write(line(n));
    await tick();
    output.write(line(100));
    output.flushWithin(50);
    // Every retry after the partial write hands over the same memory: no copy per retry.
    const retries = seen.slice(1);
    expect(retries.length).toBeGreaterThan(1);
    for (const retry of retries) {
      expect(retry.buffer).toBe(seen[0]!.buffer);
      expect(retry.byteOffset).toBe(seen[0]!.byteOffset + line(0).length * 2 + 5);
    }
  });

  it('drops and counts every held line when the reader is gone', async () => {
    let calls = 0;
    const output = new LogOutput({
      fd: 1,
      writeSync: (_fd, data) => {
        calls += 1;
        if (calls === 1) return data.length - 3;
        throw Object.assign(new Error('EPIPE: broken pipe'), { code: 'EPIPE' });
      },
    });
    output.write(line(1));
    await tick();
    output.write(line(2));
    output.write(line(3));
    output.flushWithin(50);
    expect(output.pending).toBe(0);
    // The rest of line 1, and lines 2 and 3 queued behind it.
    expect(output.droppedLines).toBe(3);
  });

  it('drops and counts lines when the reader is gone', async () => {
    const output = new LogOutput({
      fd: 1,
      writeSync: () => {
        throw Object.assign(new Error('EPIPE: broken pipe'), { code: 'EPIPE' });
      },
    });
    output.write(line(1));
    output.write(line(2));
    await tick();
    expect(output.pending).toBe(0);
    expect(output.droppedLines).toBe(2);
  });
});

describe('terminalFormat', () => {
  it('turns a JSON log line into a readable one', () => {
    const text = terminalFormat(false)(
      `${JSON.stringify({ level: 30, time: Date.UTC(2026, 0, 1, 12, 0, 0), pid: 1, hostname: 'h', msg: 'BullApp is ready' })}\n`,
    );
    expect(text).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: BullApp is ready\n$/);
  });
});
