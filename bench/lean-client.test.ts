import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { leanLoad } from './lean-client.js';

let server: Server | undefined;

/** A server on a free port that answers every request with `answer`; its URL. */
async function serve(answer: Parameters<typeof createServer>[1]): Promise<string> {
  server = createServer(answer);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/login`;
}

/** Calls `then` with the request's whole body once it has arrived. */
function whenRead(request: IncomingMessage, then: (body: string) => void) {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString()));
  request.on('end', () => then(body));
}

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

describe('leanLoad', () => {
  it('sends the request as given and counts replies with a Content-Length', async () => {
    const seen: string[] = [];
    const url = await serve((request, response) =>
      whenRead(request, (body) => {
        seen.push(`${request.method} ${request.url} ${request.headers['content-type']} ${body}`);
        response.writeHead(200, { 'content-length': '11' }).end('{"ok":true}');
      }),
    );
    const round = await leanLoad(
      {
        url,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"a":1}',
        connections: 2,
      },
      0.2,
    );
    expect(round.requests).toBeGreaterThan(2);
    expect(round.requests).toBe(seen.length);
    expect(new Set(seen)).toEqual(new Set(['POST /login application/json {"a":1}']));
  });

  it('makes each request its own body when the body is a function', async () => {
    const seen: string[] = [];
    const url = await serve((request, response) =>
      whenRead(request, (body) => {
        seen.push(`${request.headers['content-length']} ${body}`);
        response.writeHead(201, { 'content-length': '2' }).end('{}');
      }),
    );
    let made = 0;
    const round = await leanLoad(
      { url, method: 'POST', body: () => `{"n":${(made += 1)}}`, connections: 2 },
      0.2,
    );
    expect(round.requests).toBeGreaterThan(10);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toContain('7 {"n":1}');
    expect(seen).toContain('8 {"n":10}');
  });

  it('waits for the reply in flight when its window closes, and does not rate it', async () => {
    const url = await serve((_request, response) => {
      setTimeout(() => response.writeHead(200, { 'content-length': '2' }).end('{}'), 300);
    });
    const round = await leanLoad({ url, connections: 1 }, 0.1);
    expect(round.requests).toBe(1);
    expect(round.perSecond).toBe(0);
    expect(round.p50).toBeGreaterThanOrEqual(299);
  });

  it('reads chunked replies to their end', async () => {
    const url = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"part":');
      response.end('"two"}');
    });
    const round = await leanLoad({ url, connections: 1 }, 0.2);
    expect(round.requests).toBeGreaterThan(1);
  });

  it('fails on a reply that is not a 2xx', async () => {
    const url = await serve((_request, response) => response.writeHead(429).end('slow down'));
    await expect(leanLoad({ url, connections: 1 }, 0.2)).rejects.toThrow('status 429');
  });

  it('fails when the server hangs up on a request', async () => {
    const url = await serve((request) => request.socket.destroy());
    await expect(leanLoad({ url, connections: 1 }, 0.2)).rejects.toThrow('closed a connection');
  });
});
