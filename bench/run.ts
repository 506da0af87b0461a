// `npm run bench`: runs every benchmark in one go; each prints its figure and its baseline ratio.
import { authenticatedReadBenchmark } from './authenticated-read.bench.js';
import { coldStartBenchmark } from './cold-start.bench.js';
import { lighthouseBenchmark } from './lighthouse.bench.js';
import { zipBenchmark } from './zip.bench.js';

const benchmarks = [authenticatedReadBenchmark, coldStartBenchmark, lighthouseBenchmark, zipBenchmark];
const only = process.argv[2];

for (const benchmark of benchmarks.filter((candidate) => !only || candidate.name.startsWith(only))) {
  console.log(`\n━━ ${benchmark.name} ━━`);
  await benchmark.run();
}
