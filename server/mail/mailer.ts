import type { AppMetrics } from '../metrics/metrics.js';
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { Config } from '../config.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * Sends mail through SMTP_URL, or writes each message as an .eml file under OUTBOX_DIR (the file path is
 * logged, never the content: reset mails carry links that work like passwords).
 */
export class Mailer {
  /** Made at the first mail: nodemailer is loaded then, not at every start (decision 161). */
  private transport: Promise<Transporter> | null = null;
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly config: Config,
    private readonly log: FastifyBaseLogger,
    private readonly metrics?: AppMetrics,
  ) {}

  private async openTransport(): Promise<Transporter> {
    const { default: nodemailer } = await import('nodemailer');
    return this.config.smtpUrl
      ? nodemailer.createTransport({
          url: this.config.smtpUrl,
          // A slow or dead mail server must not hold connections for minutes (nodemailer's defaults).
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 30_000,
        })
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  }

  /** Sends now and reports failure to the caller. */
  async send(message: MailMessage): Promise<void> {
    try {
      await this.deliver(message);
      this.metrics?.mail('ok');
    } catch (error) {
      this.metrics?.mail('failed');
      throw error;
    }
  }

  private async deliver(message: MailMessage): Promise<void> {
    this.transport ??= this.openTransport();
    const info = await (await this.transport).sendMail({ from: this.config.mailFrom, ...message });
    if (this.config.smtpUrl) {
      this.log.info({ mail: { subject: message.subject } }, 'mail sent');
      return;
    }
    const folder = resolve(this.config.outboxDir);
    await mkdir(folder, { recursive: true });
    const file = join(
      folder,
      `${new Date().toISOString().replaceAll(':', '-')}-${randomBytes(4).toString('hex')}.eml`,
    );
    await writeFile(file, info.message as Buffer, { mode: 0o600 });
    this.log.info({ mail: { subject: message.subject, file } }, `mail written to ${file}`);
  }

  /**
   * Sends in the background: the reply does not wait for (or reveal anything through) the mail server, and
   * a failure is logged, never turned into an error for the user whose change has already been saved.
   */
  dispatch(message: MailMessage): void {
    const sending = this.send(message).catch((error: unknown) => {
      this.log.error({ err: error, mail: { subject: message.subject } }, 'mail could not be sent');
    });
    this.inFlight.add(sending);
    void sending.finally(() => this.inFlight.delete(sending));
  }

  /** Waits for every dispatched mail; shutdown and tests call it. */
  async flush(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }

  async close(): Promise<void> {
    await this.flush();
    (await this.transport)?.close();
  }
}
