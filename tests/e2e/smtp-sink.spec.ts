import nodemailer from 'nodemailer';
import { expect, test } from './fixtures';
import { linkIn, waitForMail } from './support/mailbox';
import { smtpSinkUrls } from './support/smtp-sink-ports';

// The mail-reading side of the browser tests must itself be right, or a reset test could pass on a
// misread link: this sends the awkward case (a long link split by quoted-printable, non-ASCII words).
test.describe('the SMTP sink the browser tests read mail from', () => {
  test('receives a multipart mail over SMTP and gives back its decoded text, subject and link', async () => {
    const to = `sink-${Date.now()}@example.com`;
    const link = `http://localhost:1/change-password/${'x'.repeat(90)}-Zz_9`;
    const transport = nodemailer.createTransport(smtpSinkUrls().smtpUrl);
    await transport.sendMail({
      from: 'Bull <no-reply@example.com>',
      to,
      subject: 'Réinitialiser — your password',
      text: `Grüße,\n\nChoose a new password: ${link}\n\nBye`,
      html: `<p>Choose a new password: <a href="${link}">here</a></p>`,
    });
    transport.close();

    const mail = await waitForMail(to, /your password/);
    expect(mail.subject).toBe('Réinitialiser — your password');
    expect(mail.text).toContain('Grüße,');
    expect(linkIn(mail.text, /\/change-password\//)).toBe(link);
    expect(mail.html).toContain(`href="${link}"`);
  });
});
