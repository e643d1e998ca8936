/**
 * `npm run bench`: runs every benchmark under bench/ and prints ratios against a baseline measured in the
 * same process, so figures compare across machines. BENCH_DATABASE_URL=postgres://... runs on PostgreSQL.
 */
import { authBenchmark } from './auth.js';
import { fleetBenchmark } from './fleet.js';
import { fleetNodeBenchmark } from './fleet-node.js';
import { fleetProxyBenchmark } from './fleet-proxy.js';
import { fleetPlanBenchmark } from './fleet-plan.js';
import { ingestBenchmark } from './ingest.js';
import { loginBenchmark } from './login.js';
import { reportsBenchmark } from './reports.js';
import { scheduleBenchmark } from './schedule.js';
import { sspBenchmark } from './ssp.js';
import { uploadBenchmark } from './upload.js';
import { wallBenchmark } from './wall.js';
import { webBenchmark } from './web.js';

const only = process.argv[2];
const all: Record<string, () => Promise<string[]>> = {
  auth: authBenchmark,
  upload: uploadBenchmark,
  fleet: fleetBenchmark,
  'fleet-node': fleetNodeBenchmark,
  'fleet-proxy': fleetProxyBenchmark,
  'fleet-plan': fleetPlanBenchmark,
  ingest: ingestBenchmark,
  schedule: scheduleBenchmark,
  reports: reportsBenchmark,
  web: webBenchmark,
  login: loginBenchmark,
  wall: wallBenchmark,
  ssp: sspBenchmark,
};
const results = [];
for (const [name, run] of Object.entries(all)) if (!only || only === name) results.push(await run());
for (const lines of results) console.log(lines.join('\n'));
process.exit(0);
