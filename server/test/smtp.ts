import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterEach, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { AppContextOverrides } from '../app-context.js';
import type { AppOptions } from '../app.js';
import { buildTestApp, type TestDialect } from './helper.js';
import { readMail, type ReadMail } from './mail-reader.js';

/** The subject of the mail every sign-up sends after its reply (DESIGN 13). */
export const CONFIRMATION_SUBJECT = 'Confirm your e-mail address';

export interface TestSmtpServer {
  url: string;
  /** Every mail but the confirmation mails, which each sign-up sends after its reply (they are in `confirmations`). */
  mails: ReadMail[];
  /** The mails 'Confirm your e-mail address' (DESIGN 13), kept apart so a test about other mails is not handed one. */
  confirmations: ReadMail[];
  /**
   * Resolves with the first mail to `to` that arrives (or has arrived) after `since` mails; with
   * `confirmation`, the first confirmation mail after `since` of those.
   */
  waitForMail(
    to: string,
    options?: { since?: number; timeoutMs?: number; confirmation?: boolean },
  ): Promise<ReadMail>;
  close(): Promise<void>;
}

/** A real SMTP server on a free local port that keeps every mail it accepts. */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const mails: ReadMail[] = [];
  const confirmations: ReadMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail = readMail(Buffer.concat(chunks).toString('utf8'));
        (mail.subject === CONFIRMATION_SUBJECT ? confirmations : mails).push(mail);
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  function find(to: string, since: number, confirmation: boolean) {
    return (confirmation ? confirmations : mails).slice(since).find((mail) => mail.to.includes(to));
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    confirmations,
    waitForMail(to, { since = 0, timeoutMs = 5000, confirmation = false } = {}) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const mail = find(to, since, confirmation);
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
 * app that mails through it (with the given settings, then the call's own `env` and `rateLimits`); after
 * each test the clock is put back and every app and server started is closed.
 */
export function appWithMail(defaults: Record<string, string> = {}) {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    vi.useRealTimers();
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  return async (
    dialect: TestDialect,
    {
      env = {},
      rateLimits,
      logger,
    }: { env?: Record<string, string>; logger?: AppOptions['logger'] } & Pick<
      AppContextOverrides,
      'rateLimits'
    > = {},
  ): Promise<{ app: FastifyInstance; smtp: TestSmtpServer }> => {
    const smtp = await startSmtpServer();
    cleanups.push(() => smtp.close());
    const testApp = await buildTestApp({
      dialect,
      env: { SMTP_URL: smtp.url, ...defaults, ...env },
      rateLimits,
      logger,
    });
    cleanups.push(() => testApp.close());
    return { app: testApp.app, smtp };
  };
}
