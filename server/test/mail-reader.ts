/** A received mail as a person reads it: headers decoded, the plain-text and HTML parts decoded. */
export interface ReadMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i += 1) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(body: string, encoding: string | undefined): string {
  if (encoding?.toLowerCase() === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding?.toLowerCase() === 'base64')
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** RFC 2047 encoded words, as nodemailer writes them for non-ASCII subjects. */
function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_, kind: string, text: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeQuotedPrintable(text.replaceAll('_', ' ')),
  );
}

function splitPart(raw: string): { headers: Map<string, string>; body: string } {
  const normalised = raw.replace(/\r\n/g, '\n');
  const end = normalised.indexOf('\n\n');
  const head = end === -1 ? normalised : normalised.slice(0, end);
  const body = end === -1 ? '' : normalised.slice(end + 2);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

export function readMail(raw: string): ReadMail {
  const { headers, body } = splitPart(raw);
  const mail: ReadMail = {
    from: decodeHeader(headers.get('from') ?? ''),
    to: decodeHeader(headers.get('to') ?? ''),
    subject: decodeHeader(headers.get('subject') ?? ''),
    text: '',
    html: '',
  };
  const boundary = /boundary="?([^";]+)"?/.exec(headers.get('content-type') ?? '')?.[1];
  const parts = boundary ? body.split(`--${boundary}`).slice(1, -1) : [raw];
  for (const part of parts) {
    const { headers: partHeaders, body: partBody } = splitPart(part.replace(/^\r?\n/, ''));
    const decoded = decodeBody(partBody.replace(/\n$/, ''), partHeaders.get('content-transfer-encoding'));
    const type = partHeaders.get('content-type') ?? '';
    if (type.startsWith('text/plain')) mail.text = decoded;
    if (type.startsWith('text/html')) mail.html = decoded;
  }
  return mail;
}
