import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterEach, vi } from 'vitest';
import { buildTestApp, type TestApp, type TestDialect } from './helper.js';
import { readMail, type ReadMail } from './mail-reader.js';

export interface TestSmtpServer {
  url: string;
  mails: ReadMail[];
  /** Resolves with the first mail to `to` that arrives (or has arrived) after `since` mails. */
  waitForMail(to: string, options?: { since?: number; timeoutMs?: number }): Promise<ReadMail>;
  close(): Promise<void>;
}

/** A real SMTP server on a free local port that keeps every mail it accepts. */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const mails: ReadMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push(readMail(Buffer.concat(chunks).toString('utf8')));
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  function find(to: string, since: number) {
    return mails.slice(since).find((mail) => mail.to.includes(to));
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    waitForMail(to, { since = 0, timeoutMs = 5000 } = {}) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const mail = find(to, since);
          if (!mail) return;
          cleanup();
          resolve(mail);
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`No mail to ${to} within ${timeoutMs} ms`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * For a test file whose apps send mail: returns `start(dialect)`, which starts a real SMTP server and an
 * app that mails through it (with the given settings); both are closed after each test.
 */
export function appWithMail(env: Record<string, string> = {}) {
  let current: TestApp | undefined;
  let smtp: TestSmtpServer | undefined;
  afterEach(async () => {
    vi.useRealTimers();
    await current?.close();
    await smtp?.close();
    current = undefined;
    smtp = undefined;
  });
  return async (dialect: TestDialect) => {
    smtp = await startSmtpServer();
    current = await buildTestApp({ dialect, env: { SMTP_URL: smtp.url, ...env } });
    return { app: current.app, smtp };
  };
}
