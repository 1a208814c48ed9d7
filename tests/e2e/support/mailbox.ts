import { expect } from '@playwright/test';
import type { ReadableMail } from '../../support/mime';
import { smtpSinkUrls } from './smtp-sink-ports';

/** Waits until the SMTP sink has received a mail for `to` whose subject matches, and returns it. */
export async function waitForMail(to: string, subject: RegExp, timeout = 10_000): Promise<ReadableMail> {
  let found: ReadableMail | undefined;
  await expect
    .poll(
      async () => {
        const reply = await fetch(`${smtpSinkUrls().readerUrl}/messages?to=${encodeURIComponent(to)}`);
        const messages = (await reply.json()) as ReadableMail[];
        found = messages.find((mail) => subject.test(mail.subject));
        return found?.subject ?? null;
      },
      { timeout, message: `no mail to ${to} with a subject like ${subject}` },
    )
    .not.toBeNull();
  return found as ReadableMail;
}

/** The first link of the mail's plain text that matches, as a person would copy it. */
export function linkIn(text: string, pattern: RegExp): string {
  const link = text.match(/https?:\/\/\S+/g)?.find((url) => pattern.test(url));
  if (!link) throw new Error(`No link like ${pattern} in:\n${text}`);
  return link;
}
