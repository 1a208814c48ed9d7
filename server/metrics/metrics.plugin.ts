import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** The metrics listener's URL once the app is ready, with METRICS_PORT set; null otherwise. */
    metricsUrl(): string | null;
  }
}

/**
 * With METRICS_PORT: every reply is counted by method, route template and status (never the path, which can
 * hold a token), and a second listener on HOST answers GET /metrics in Prometheus' text format. It opens when
 * the app is ready (before it listens, so a scraper never finds the app up and its metrics down) and closes
 * with it.
 */
async function metricsPlugin(app: FastifyInstance) {
  const { config, metrics } = app.ctx;
  let server: Server | null = null;
  app.decorate('metricsUrl', () => {
    const address = server?.address() as AddressInfo | null | undefined;
    return address ? `http://${config.host}:${address.port}/metrics` : null;
  });
  if (config.metricsPort === null) return;

  app.addHook('onResponse', async (request, reply) => {
    // Unmatched paths share one label: a label per path would let anyone grow the registry.
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.request(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
  });

  app.addHook('onReady', async () => {
    const listener = createServer((request, response) => {
      if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
        response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: try GET /metrics\n');
        return;
      }
      metrics.text().then(
        (text) => response.writeHead(200, { 'content-type': metrics.contentType }).end(text),
        (error: unknown) => {
          app.log.error({ err: error }, 'metrics could not be collected');
          response.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics could not be collected.\n');
        },
      );
    });
    await new Promise<void>((resolve, reject) => {
      listener.once('error', reject).listen(config.metricsPort ?? 0, config.host, () => resolve());
    });
    server = listener;
    app.log.info(`metrics at ${app.metricsUrl()}`);
  });

  app.addHook('onClose', async () => {
    const listener = server;
    if (!listener) return;
    listener.closeAllConnections();
    await new Promise<void>((resolve) => listener.close(() => resolve()));
  });
}

export default fp(metricsPlugin, { name: 'metrics', dependencies: ['app-context'] });
