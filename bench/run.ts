// `npm run bench`: runs every benchmark in one go; each prints its figure and its baseline ratio.
import buildServer from '../e2e/support/build-server.js';
import { apiReadsBenchmark } from './api-reads.bench.js';
import { authenticatedReadBenchmark } from './authenticated-read.bench.js';
import { codeWalkBenchmark } from './code-walk.bench.js';
import { coldStartBenchmark } from './cold-start.bench.js';
import { facesBenchmark } from './faces.bench.js';
import { ingestBenchmark } from './ingest.bench.js';
import { lighthouseBenchmark } from './lighthouse.bench.js';
import { lossyUploadBenchmark } from './lossy-upload.bench.js';
import { serverMemoryBenchmark } from './server-memory.bench.js';
import { transcodeBenchmark } from './transcode.bench.js';
import { uploadQueueMemoryBenchmark } from './upload-queue-memory.bench.js';
import { weddingLoadBenchmark } from './wedding-load.bench.js';
import { zipBenchmark } from './zip.bench.js';

const benchmarks = [
  apiReadsBenchmark,
  authenticatedReadBenchmark,
  coldStartBenchmark,
  serverMemoryBenchmark,
  ingestBenchmark,
  lossyUploadBenchmark,
  uploadQueueMemoryBenchmark,
  zipBenchmark,
  transcodeBenchmark,
  lighthouseBenchmark,
  weddingLoadBenchmark,
  codeWalkBenchmark,
  facesBenchmark,
];
const only = process.argv[2];
// The servers the benchmarks start run the compiled build, as production does.
buildServer();

for (const benchmark of benchmarks.filter((candidate) => !only || candidate.name.startsWith(only))) {
  console.log(`\n━━ ${benchmark.name} ━━`);
  await benchmark.run();
}
