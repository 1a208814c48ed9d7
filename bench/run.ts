import { authBench } from './auth.bench.js';
import type { Bench } from './bench.js';
import { bundleBench } from './bundle.bench.js';
import { cableBench } from './cable.bench.js';
import { coldStartBench } from './cold-start.bench.js';
import { printTable } from './figures.js';
import { httpBench } from './http.bench.js';
import { mixedLoadBench } from './mixed-load.bench.js';
import { paintBench } from './paint.bench.js';

/** Every benchmark, run in this order by `npm run bench`; `npm run bench -- <name>…` runs those named. */
const BENCHES: Bench[] = [
  bundleBench,
  paintBench,
  httpBench,
  authBench,
  cableBench,
  mixedLoadBench,
  coldStartBench,
];

const only = process.argv.slice(2);
const unknown = only.filter((name) => !BENCHES.some((bench) => bench.name === name));
if (unknown.length > 0) {
  console.error(
    `No benchmark named ${unknown.join(', ')}; there are ${BENCHES.map((b) => b.name).join(', ')}.`,
  );
  process.exit(2);
}
for (const bench of BENCHES) {
  if (only.length > 0 && !only.includes(bench.name)) continue;
  console.log(`\n${bench.name}`);
  await bench.run();
}
printTable();
