// A real SMTP server for the browser tests: the app (SMTP_URL) delivers to it, it keeps every message in
// memory, and tests read them back over a tiny HTTP endpoint: GET /messages?to=<address>. Started by
// playwright.config.ts as one of its web servers; run alone with `npx tsx tests/e2e/support/smtp-sink.ts`.
import { createServer } from 'node:http';
import { SMTPServer } from 'smtp-server';
import { readMail, type ReadableMail } from '../../support/mime';
import { smtpSinkPorts } from './smtp-sink-ports';

interface Received extends ReadableMail {
  envelopeTo: string[];
  receivedAt: string;
}

const MAX_MESSAGE_BYTES = 1024 * 1024;
const received: Received[] = [];

const smtp = new SMTPServer({
  // Plain local delivery: no TLS certificate to trust, no login.
  disabledCommands: ['STARTTLS', 'AUTH'],
  authOptional: true,
  size: MAX_MESSAGE_BYTES,
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      received.push({
        ...readMail(Buffer.concat(chunks).toString('utf8')),
        envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
        receivedAt: new Date().toISOString(),
      });
      callback();
    });
  },
});

const http = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://sink');
  if (url.pathname === '/health') {
    response.writeHead(200).end('ok');
    return;
  }
  if (url.pathname === '/messages' && request.method === 'GET') {
    const to = url.searchParams.get('to')?.toLowerCase();
    const messages = to ? received.filter((mail) => mail.envelopeTo.includes(to)) : received;
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(messages));
    return;
  }
  response.writeHead(404).end();
});

const { smtp: smtpPort, http: httpPort } = smtpSinkPorts();
smtp.listen(smtpPort, '127.0.0.1', () => {
  http.listen(httpPort, '127.0.0.1', () => {
    console.log(`SMTP sink: smtp://127.0.0.1:${smtpPort}, messages at http://127.0.0.1:${httpPort}/messages`);
  });
});

function stop() {
  http.close();
  smtp.close(() => process.exit(0));
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
