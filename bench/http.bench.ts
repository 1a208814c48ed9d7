// The cheap API calls against two floors started by this bench, each server in a process of its own,
// measured in alternating rounds at 10 connections: a bare Fastify 5 hello-JSON route with its default
// request logger (the floor of the goals, as the app logs one line per request too) and the same route
// with no logger at all (the limit: what a server that logs nothing costs).
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ALL_CPUS,
  type Bench,
  compareAll,
  cpuNote,
  http,
  PHASE_SECONDS,
  pinTo,
  printMeasurement,
  ROUNDS,
  startBenchServer,
  startPeer,
} from './bench.js';
import { type Figure, report } from './figures.js';

const CONNECTIONS = 10;

async function run() {
  const server = await startBenchServer({ email: 'http@example.com', password: 'bench kettle rainfall' });
  const folder = mkdtempSync(join(tmpdir(), 'bullapp-bench-fastify-'));
  const fastify = await startPeer('fastify', { folder });
  const quiet = await startPeer('fastify-no-logger', { folder });
  try {
    const { url, token } = server;
    console.log(
      `  ${availableParallelism()} cores, ${CONNECTIONS} connections; each side ${PHASE_SECONDS} s in ${ROUNDS} alternating rounds, after 1 s of warm-up`,
    );
    // Both servers on one CPU, the load generator (this process) on another: left to the scheduler, the
    // three processes land differently from run to run and the same code measured 0.35× in one run and
    // 0.59× in the next. Pinned, each side gets the same treatment every time (docs/performance.md).
    const pinned =
      pinTo(server.pid, '1') && pinTo(fastify.pid, '1') && pinTo(quiet.pid, '1') && pinTo(process.pid, '0');
    console.log(
      pinned
        ? '  servers pinned to CPU 1, the load generator to CPU 0'
        : '  not pinned (one core or no taskset): figures vary more from run to run',
    );
    const bare = {
      label: 'bare Fastify GET /hello',
      round: (seconds: number) =>
        http({ url: `${fastify.url}/hello`, connections: CONNECTIONS }, seconds, fastify.cpu),
    };
    const limit = {
      label: 'bare Fastify, no logger',
      round: (seconds: number) =>
        http({ url: `${quiet.url}/hello`, connections: CONNECTIONS }, seconds, quiet.cpu),
    };
    const subjects: Array<{ figure: Figure; label: string; options: Parameters<typeof http>[0] }> = [
      { figure: 'healthz', label: 'GET /healthz', options: { url: `${url}/healthz` } },
      {
        figure: 'me',
        label: 'GET /api/v1/me (Bearer)',
        options: { url: `${url}/api/v1/me`, headers: { authorization: `Bearer ${token}` } },
      },
      {
        figure: 'tokenSignIn',
        label: 'POST /api/v1/login (token)',
        options: {
          url: `${url}/api/v1/login`,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ session: { auth_token: token } }),
        },
      },
    ];
    for (const subject of subjects) {
      const [base, unlogged, measured] = await compareAll([
        bare,
        limit,
        {
          label: subject.label,
          round: (seconds) => http({ ...subject.options, connections: CONNECTIONS }, seconds, server.cpu),
        },
      ]);
      printMeasurement(base!);
      printMeasurement(unlogged!);
      printMeasurement(measured!);
      // The goal's ratio against the logging floor; the note adds the one against the limit.
      const limitRatio = (measured!.perSecond / unlogged!.perSecond).toFixed(2);
      report(
        subject.figure,
        measured!.perSecond / base!.perSecond,
        `${cpuNote(measured!, base!)}; against no logger ${limitRatio}×, ${cpuNote(measured!, unlogged!)}`,
      );
    }
  } finally {
    pinTo(process.pid, ALL_CPUS);
    await fastify.stop();
    await quiet.stop();
    rmSync(folder, { recursive: true, force: true });
    await server.close();
  }
}

export const httpBench: Bench = { name: 'http', run };
