/**
 * `npm run bench`: runs every benchmark under bench/ and prints ratios against a baseline measured in the
 * same process, so figures compare across machines. BENCH_DATABASE_URL=postgres://... runs on PostgreSQL.
 */
import { authBenchmark } from './auth.js';

const results = [await authBenchmark()];
for (const lines of results) console.log(lines.join('\n'));
process.exit(0);
