import { expect } from 'vitest';
import type { TestSmtpServer } from './smtp.js';

/** The 6-digit code of a mail of DESIGN 13. */
export function codeIn(mail: { text: string }): string {
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  expect(code, mail.text).toBeDefined();
  return code!;
}

/** The sign-up's (or a new) confirmation mail: its code, and the token of its link. */
export async function confirmationFor(smtp: TestSmtpServer, email: string, since = 0) {
  const mail = await smtp.waitForMail(email, { confirmation: true, since });
  const link = /(http\S+\/verify-email\/\S+)/.exec(mail.text)?.[1];
  expect(link, mail.text).toBeDefined();
  return { mail, code: codeIn(mail), link: link!, token: link!.split('/').at(-1)! };
}

/** A code that is not `code`. */
export const otherThan = (code: string) => (code === '000000' ? '111111' : '000000');
