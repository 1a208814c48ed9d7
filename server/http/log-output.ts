import { writeSync } from 'node:fs';
import { createRequire } from 'node:module';
import { hostname } from 'node:os';
import type * as PinoPretty from 'pino-pretty';

/** Log bytes held while the reader is not reading; past this, lines are dropped and counted. */
export const MAX_PENDING_BYTES = 1024 * 1024;
const RETRY_MS = 100;
/** How long the exit path may spend handing over what is left; a hung reader gets no more. */
export const FINAL_FLUSH_MS = 1000;

export interface LogOutputOptions {
  fd: number;
  maxPendingBytes?: number;
  /** Turns one JSON log line into what is written (pretty text at a terminal). */
  format?: (line: string) => string;
  /** The write system call; tests stand in for a reader that stalls. */
  writeSync?: (fd: number, data: Buffer) => number;
}

const sleepSync = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Where log lines go: never blocks, never grows without bound. Lines are written straight to the file
 * descriptor with non-blocking writes; when the reader stops reading (the pipe is full: EAGAIN) they wait in a
 * queue of at most `maxPendingBytes`, retried every 100 ms, and lines beyond that are dropped and counted.
 * Once the reader has caught up, one line says how many were dropped. On exit, what is left gets at most
 * FINAL_FLUSH_MS (pino's own exit flush would retry forever on a stalled pipe and keep SIGTERM from ending
 * the process). See docs/decisions/071-logging-never-blocks.md.
 */
export class LogOutput {
  /** Lines as they came, and at the front at most one Buffer: what the reader left of the last write. */
  private readonly queue: Array<string | Buffer> = [];
  private pendingBytes = 0;
  private dropped = 0;
  private scheduled: NodeJS.Immediate | NodeJS.Timeout | null = null;
  private readonly fd: number;
  private readonly maxPendingBytes: number;
  private readonly format: (line: string) => string;
  private readonly writeSync: (fd: number, data: Buffer) => number;

  constructor(options: LogOutputOptions) {
    this.fd = options.fd;
    this.maxPendingBytes = options.maxPendingBytes ?? MAX_PENDING_BYTES;
    this.format = options.format ?? ((line) => line);
    this.writeSync = options.writeSync ?? writeSync;
  }

  /** pino's destination interface: one call per log line. Always returns at once. */
  write(line: string): boolean {
    this.enqueue(this.format(line));
    // Lines of one tick go out in one write.
    this.scheduled ??= setImmediate(() => this.pumpLater());
    return true;
  }

  /** Lines dropped since the reader last caught up. */
  get droppedLines(): number {
    return this.dropped;
  }

  get pending(): number {
    return this.pendingBytes;
  }

  /** Hands over what is queued, giving a stalled reader at most `ms`; drops the rest. For the exit path. */
  flushWithin(ms: number): void {
    if (this.scheduled) clearTimeout(this.scheduled as NodeJS.Timeout);
    if (this.scheduled) clearImmediate(this.scheduled as NodeJS.Immediate);
    this.scheduled = null;
    const deadline = Date.now() + ms;
    while (!this.pump() && Date.now() < deadline) sleepSync(10);
  }

  // Lines wait as strings and become bytes together, once per write: a Buffer per line (and their concat)
  // was most of a line's cost here, on every request.
  private enqueue(text: string) {
    const size = Buffer.byteLength(text);
    if (this.pendingBytes + size > this.maxPendingBytes) {
      this.dropped += 1;
      return;
    }
    this.queue.push(text);
    this.pendingBytes += size;
  }

  /**
   * What to write next, as one Buffer: the rest of the last write alone when the reader left one (as it is:
   * copying a held megabyte at every retry made 10 MB of garbage a second while a reader stalled, decision
   * 160), else every queued line.
   */
  private takeQueued(): Buffer {
    const first = this.queue[0];
    if (typeof first !== 'string') return this.queue.shift() as Buffer;
    const chunk = Buffer.from(this.queue.length === 1 ? first : this.queue.join(''));
    this.queue.length = 0;
    return chunk;
  }

  private pumpLater() {
    this.scheduled = null;
    if (!this.pump()) this.scheduled = setTimeout(() => this.pumpLater(), RETRY_MS).unref();
  }

  /** Writes as much as the reader takes now; true when nothing is left. */
  private pump(): boolean {
    while (this.queue.length > 0) {
      const chunk = this.takeQueued();
      let written = 0;
      try {
        written = this.writeSync(this.fd, chunk);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') {
          // The reader is gone (EPIPE) or the descriptor is bad: nothing held can be written anywhere.
          this.dropped += countLines(chunk) + this.queue.length;
          this.queue.length = 0;
          this.pendingBytes = 0;
          return true;
        }
      }
      this.pendingBytes -= written;
      if (written < chunk.length) {
        // Ahead of any line queued behind it, which then waits its turn as a string.
        this.queue.unshift(chunk.subarray(written));
        return false;
      }
      if (this.dropped > 0) this.reportDropped();
    }
    return true;
  }

  private reportDropped() {
    const line = JSON.stringify({
      level: 40,
      time: Date.now(),
      pid: process.pid,
      hostname: hostname(),
      msg: `the log reader was not reading: dropped ${this.dropped} log lines`,
    });
    this.dropped = 0;
    this.enqueue(this.format(`${line}\n`));
  }
}

function countLines(chunk: Buffer): number {
  let lines = 0;
  for (const byte of chunk) if (byte === 10) lines += 1;
  return Math.max(1, lines);
}

const require = createRequire(import.meta.url);

/** Readable lines for a person at a terminal: time, level, message, then the details. */
export function terminalFormat(colorize?: boolean): (line: string) => string {
  // Loaded for a terminal only, not at every start (decision 161).
  const { isColorSupported, prettyFactory } = require('pino-pretty') as typeof PinoPretty;
  colorize ??= isColorSupported;
  return prettyFactory({ colorize, translateTime: 'HH:MM:ss', ignore: 'pid,hostname' });
}

let processOutput: LogOutput | undefined;

/**
 * The process's log output on stdout, made once: readable lines when stdout is a terminal (pino-pretty, as
 * Fastify's docs show), one JSON object per line otherwise (for log collectors).
 */
export function processLogOutput(): LogOutput {
  if (processOutput) return processOutput;
  // Reading process.stdout first has Node open a pipe non-blocking (libuv), so a write into a full pipe
  // fails with EAGAIN instead of stopping the whole process.
  const terminal = process.stdout.isTTY;
  const output = new LogOutput({
    fd: process.stdout.fd,
    format: terminal ? terminalFormat() : undefined,
  });
  process.on('exit', () => output.flushWithin(FINAL_FLUSH_MS));
  processOutput = output;
  return output;
}
