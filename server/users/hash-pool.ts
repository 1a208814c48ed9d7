import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/**
 * Threads of their own for password hashes (decision 208): as many as the machine has cores, each taking
 * its next job from its own queue the moment the last one ends, without waiting for the event loop. A queue
 * kept on the event loop (decision 207) left a core idle after each hash until the loop came round to hand
 * out the next one; libuv's thread pool would queue them too, but it is shared with file reads and DNS, which
 * must not wait behind a burst of sign-ins.
 */
export interface ThreadPool {
  run(job: string, args: unknown[]): Promise<unknown>;
  /** Ends every thread (tests); a later job starts them again. */
  close(): Promise<void>;
}

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

interface Thread {
  worker: Worker;
  pending: Map<number, Pending>;
}

/** What a thread sends back for a job: its value, or the message of the error the job threw. */
interface Answer {
  id: number;
  value?: unknown;
  error?: string;
}

/**
 * `source` is the threads' CommonJS code: it answers each `{ id, job, args }` message with one `Answer`.
 * A thread starts at its first job; the process may exit while no job is waiting.
 */
export function createThreadPool({
  size,
  source,
  workerData,
}: {
  size: number;
  source: string;
  workerData?: unknown;
}): ThreadPool {
  const threads: (Thread | undefined)[] = new Array<Thread | undefined>(size).fill(undefined);
  let nextId = 0;

  function start(at: number): Thread {
    // No inherited flags: a thread needs none of the app's loaders or profilers, and starts faster without.
    const worker = new Worker(source, { eval: true, workerData, execArgv: [] });
    const thread: Thread = { worker, pending: new Map() };
    worker.unref();
    worker.on('message', ({ id, value, error }: Answer) => {
      const waiting = thread.pending.get(id);
      if (!waiting) return;
      thread.pending.delete(id);
      if (thread.pending.size === 0) worker.unref();
      if (error === undefined) waiting.resolve(value);
      else waiting.reject(new Error(error));
    });
    const stopped = (error: Error) => {
      if (threads[at] === thread) threads[at] = undefined;
      for (const waiting of thread.pending.values()) waiting.reject(error);
      thread.pending.clear();
    };
    worker.on('error', stopped);
    worker.on('exit', (code) => stopped(new Error(`A password hashing thread stopped (exit code ${code}).`)));
    threads[at] = thread;
    return thread;
  }

  return {
    run(job, args) {
      // The thread with the fewest jobs waiting (one not started yet has none): a burst spreads over the
      // cores, and one sign-in at a time keeps to one thread.
      let at = 0;
      for (let i = 1; i < size; i += 1)
        if ((threads[i]?.pending.size ?? 0) < (threads[at]?.pending.size ?? 0)) at = i;
      const thread = threads[at] ?? start(at);
      const id = (nextId += 1);
      return new Promise((resolve, reject) => {
        thread.pending.set(id, { resolve, reject });
        if (thread.pending.size === 1) thread.worker.ref();
        thread.worker.postMessage({ id, job, args });
      });
    },
    async close() {
      const running = threads.filter((thread) => thread !== undefined);
      threads.fill(undefined);
      await Promise.all(running.map((thread) => thread.worker.terminate()));
    },
  };
}

/** The hash threads' code: argon2's synchronous calls, each job's error sent back as its message. */
const ARGON2_THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const argon2 = require(workerData.argon2);
const jobs = { hash: argon2.hashSync, verify: argon2.verifySync };
parentPort.on('message', ({ id, job, args }) => {
  try {
    parentPort.postMessage({ id, value: jobs[job](...args) });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
`;

/** One thread per core for the whole process, made at the first hash: the server's start looks up nothing. */
let argon2Threads: ThreadPool | undefined;

/** Runs `hashSync` or `verifySync` of @node-rs/argon2 on a hash thread. */
export function onHashThread(job: 'hash' | 'verify', args: unknown[]): Promise<unknown> {
  argon2Threads ??= createThreadPool({
    size: availableParallelism(),
    source: ARGON2_THREAD,
    workerData: { argon2: createRequire(import.meta.url).resolve('@node-rs/argon2') },
  });
  return argon2Threads.run(job, args);
}
