import { spawnSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { createThreadPool, type ThreadPool } from './hash-pool.js';

/**
 * Threads whose jobs the test can see: `sleep` holds its thread for `ms` without using the CPU and answers
 * when it started and ended (the time origin is the process's, shared by every thread); `fail` throws;
 * `exit` ends its thread.
 */
const TEST_THREAD = `
const { parentPort } = require('node:worker_threads');
const now = () => performance.timeOrigin + performance.now();
const pause = new Int32Array(new SharedArrayBuffer(4));
const jobs = {
  sleep(ms) {
    const startedAt = now();
    Atomics.wait(pause, 0, 0, ms);
    return { startedAt, endedAt: now() };
  },
  fail() {
    throw new Error('the job failed');
  },
  exit() {
    process.exit(3);
  },
};
parentPort.on('message', ({ id, job, args }) => {
  try {
    parentPort.postMessage({ id, value: jobs[job](...args) });
  } catch (error) {
    parentPort.postMessage({ id, error: error.message });
  }
});
`;

interface Span {
  startedAt: number;
  endedAt: number;
}

let pool: ThreadPool | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

const testPool = (size: number) => (pool = createThreadPool({ size, source: TEST_THREAD }));
const sleep = (threads: ThreadPool, ms: number) => threads.run('sleep', [ms]) as Promise<Span>;

/** The most spans running at one moment. */
function mostAtOnce(spans: Span[]): number {
  const edges = spans.flatMap((span) => [
    { at: span.startedAt, step: 1 },
    { at: span.endedAt, step: -1 },
  ]);
  edges.sort((a, b) => a.at - b.at || a.step - b.step);
  let running = 0;
  let most = 0;
  for (const { step } of edges) most = Math.max(most, (running += step));
  return most;
}

describe('createThreadPool', () => {
  it('runs as many jobs at once as it has threads, and uses them all for a burst', async () => {
    const threads = testPool(2);
    const spans = await Promise.all(Array.from({ length: 6 }, () => sleep(threads, 40)));
    expect(mostAtOnce(spans)).toBe(2);
  });

  it('starts a thread’s next job while the event loop is busy elsewhere', async () => {
    const threads = testPool(1);
    await sleep(threads, 1); // the thread has started
    const jobs = [sleep(threads, 20), sleep(threads, 20), sleep(threads, 20)];
    // The event loop is held far longer than the three jobs take; a queue kept on the loop would start the
    // second and third only after it is free again.
    const heldUntil = Date.now() + 1500;
    while (Date.now() < heldUntil) {
      /* holding the event loop */
    }
    const heldEnd = performance.timeOrigin + performance.now();
    const [first, second, third] = await Promise.all(jobs);
    expect(second!.startedAt).toBeGreaterThanOrEqual(first!.endedAt);
    expect(third!.startedAt).toBeGreaterThanOrEqual(second!.endedAt);
    expect(third!.startedAt).toBeLessThan(heldEnd);
  });

  it('hands a job’s error to its caller, and the thread goes on with the next', async () => {
    const threads = testPool(1);
    const failed = threads.run('fail', []);
    const next = sleep(threads, 1);
    await expect(failed).rejects.toThrow('the job failed');
    expect((await next).endedAt).toBeGreaterThan(0);
  });

  it('fails the jobs of a thread that stops with a sentence, and the next job starts a new thread', async () => {
    const threads = testPool(1);
    const stopping = threads.run('exit', []);
    const behind = sleep(threads, 1);
    await expect(stopping).rejects.toThrow('A password hashing thread stopped (exit code 3).');
    await expect(behind).rejects.toThrow('A password hashing thread stopped (exit code 3).');
    expect((await sleep(threads, 1)).endedAt).toBeGreaterThan(0);
  });

  it('lets the process exit once no hash is waiting, and keeps it alive while one is', () => {
    const script = [
      "const { hashPassword, verifyPassword } = await import('./server/users/password-hashing.ts');",
      "const stored = await hashPassword('kettle rainfall');",
      "setTimeout(async () => console.log(await verifyPassword(stored, 'kettle rainfall')), 0);",
    ].join('\n');
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(child.stderr).toBe('');
    expect(child.signal).toBeNull();
    expect(child.status).toBe(0);
    expect(child.stdout).toBe('true\n');
  });
});
