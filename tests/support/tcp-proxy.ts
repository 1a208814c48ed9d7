import net from 'node:net';

/**
 * A TCP proxy in front of a real service (PostgreSQL, Redis), so a test can take the service away from
 * the app and give it back without stopping the service that other tests share.
 */
export class TcpProxy {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  static forUrl(url: string) {
    const parsed = new URL(url);
    const fallback = parsed.protocol.startsWith('redis') ? 6379 : 5432;
    return new TcpProxy(parsed.hostname, Number(parsed.port || fallback));
  }

  /** The same URL, pointed at the proxy. */
  rewrite(url: string): string {
    const parsed = new URL(url);
    parsed.hostname = '127.0.0.1';
    parsed.port = String(this.port);
    return parsed.toString();
  }

  async start(): Promise<void> {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.targetPort, this.targetHost);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as net.AddressInfo).port;
    this.server = server;
  }

  /** Drops every open connection and refuses new ones, as a dead server would. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Takes connections again on the same port. */
  restore(): Promise<void> {
    return this.start();
  }

  stop(): Promise<void> {
    return this.cut();
  }
}
