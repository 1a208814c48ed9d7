// A load generator for the slow requests of the benchmarks (password sign-in, a few hundred a second):
// keep-alive connections that each send one request, wait for its whole reply and send the next. At that
// rate autocannon spends ~0.4 ms of CPU per request (its timers, histograms and parser), taken from the
// two cores the server's argon2 threads need, while the raw verifications it is compared with need no
// client at all (decision 097). This one reads the status line and the body's length and nothing more.
import { connect, type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { type Round, roundWindow } from './bench.js';

export interface LeanRequest {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  /** The body of every request, or a function that makes each one's (sign-ups need an address apiece). */
  body?: string | (() => string);
  connections: number;
}

const HEADER_END = Buffer.from('\r\n\r\n');

/** The request's bytes, built once for a fixed body, or for each request when the body is made anew. */
function requestBytes({ url, method = 'GET', headers = {} }: Omit<LeanRequest, 'body'>, body = ''): Buffer {
  const { host, pathname, search } = new URL(url);
  const lines = [`${method} ${pathname}${search} HTTP/1.1`, `host: ${host}`, 'connection: keep-alive'];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  if (body) lines.push(`content-length: ${Buffer.byteLength(body)}`);
  return Buffer.from(`${lines.join('\r\n')}\r\n\r\n${body}`);
}

/** Where one reply ends in `data` (its headers and body, by Content-Length or chunks), its status, or null. */
function replyIn(data: Buffer): { status: number; end: number } | null {
  const headerEnd = data.indexOf(HEADER_END);
  if (headerEnd < 0) return null;
  const head = data.toString('latin1', 0, headerEnd);
  const status = Number(head.slice(9, 12));
  const bodyStart = headerEnd + HEADER_END.length;
  const length = /\r\ncontent-length: *(\d+)/i.exec(head);
  if (length) {
    const end = bodyStart + Number(length[1]);
    return end <= data.length ? { status, end } : null;
  }
  if (!/\r\ntransfer-encoding: *chunked/i.test(head)) {
    throw new Error(`a reply with neither Content-Length nor chunks: ${head.split('\r\n')[0]}`);
  }
  // Chunks: a hexadecimal size line, that many bytes and CRLF, until the size 0 (no trailers here).
  let at = bodyStart;
  for (;;) {
    const lineEnd = data.indexOf('\r\n', at);
    if (lineEnd < 0) return null;
    const size = Number.parseInt(data.toString('latin1', at, lineEnd), 16);
    at = lineEnd + 2 + size + 2;
    if (at > data.length) return null;
    if (size === 0) return { status, end: at };
  }
}

/** `connections` clients, each one request at a time, for `seconds`; fails on any reply but a 2xx. */
export async function leanLoad(request: LeanRequest, seconds: number): Promise<Round> {
  const { body } = request;
  let next: () => Buffer;
  if (typeof body === 'function') next = () => requestBytes(request, body());
  else {
    const bytes = requestBytes(request, body);
    next = () => bytes;
  }
  const { hostname, port } = new URL(request.url);
  const window = roundWindow(seconds);
  const client = () =>
    new Promise<void>((resolve, reject) => {
      const socket: Socket = connect(Number(port), hostname);
      socket.setNoDelay(true);
      let pending: Buffer = Buffer.alloc(0);
      let sentAt = 0;
      const send = () => {
        const bytes = next();
        sentAt = performance.now();
        socket.write(bytes);
      };
      socket.once('connect', send);
      socket.on('error', reject);
      // After a resolve this does nothing; before one, the server hung up on a request.
      socket.once('close', () => reject(new Error(`${request.url}: the server closed a connection`)));
      socket.on('data', (chunk: Buffer) => {
        pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
        let reply;
        try {
          reply = replyIn(pending);
        } catch (error) {
          socket.destroy();
          reject(error as Error);
          return;
        }
        if (!reply) return;
        if (reply.status < 200 || reply.status > 299) {
          socket.destroy();
          reject(new Error(`${request.url}: status ${reply.status}`));
          return;
        }
        pending = pending.subarray(reply.end);
        if (window.answered(sentAt)) send();
        else socket.end(() => resolve());
      });
    });
  await Promise.all(Array.from({ length: request.connections }, client));
  return window.round(request.url);
}
