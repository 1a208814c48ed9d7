import { authBench } from './auth.bench.js';
import type { Bench } from './bench.js';
import { bundleBench } from './bundle.bench.js';
import { cableBench } from './cable.bench.js';
import { mixedLoadBench } from './mixed-load.bench.js';

/** Every benchmark, run in this order by `npm run bench`. Add yours to the list. */
const BENCHES: Bench[] = [bundleBench, authBench, mixedLoadBench, cableBench];

const only = process.argv.slice(2);
for (const bench of BENCHES) {
  if (only.length > 0 && !only.includes(bench.name)) continue;
  console.log(`\n${bench.name}`);
  await bench.run();
}
