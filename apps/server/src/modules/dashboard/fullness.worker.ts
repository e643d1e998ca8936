import { planFullness } from '@vitrine/core';
import { serveJobs } from '../../lib/worker-pool.js';
import { unpackScreen, type FullnessJob, type FullnessResult } from './fullness.plan.js';

/** Plans each screen's days off the server's event loop (see FullnessService). */
serveJobs<FullnessJob, FullnessResult>((job) =>
  job.screens.map((screen) => ({
    pointId: screen.pointId,
    ...planFullness(unpackScreen(job, screen), screen.fromDay, job.days),
  })),
);
