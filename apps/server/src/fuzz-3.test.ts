import { fuzzShard } from './test/fuzz-suite.js';

// The malformed-input fuzz over every operation (test/fuzz-suite.ts), shard 3 of 3.
fuzzShard(3, 3);
