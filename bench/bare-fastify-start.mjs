// The baseline of the cold-start figure (cold-start.bench.ts): a bare Fastify 5 process, plain Node with no
// loader (as the built app runs), the default logger, one /readyz route. What any Fastify server costs to start.
import Fastify from 'fastify';

const app = Fastify({ logger: true });
app.get('/readyz', async () => ({ status: 'ok' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
