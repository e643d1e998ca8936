import { planFullness, SharedDays } from '@vitrine/core';
import { serveJobs } from '../../lib/worker-pool.js';
import { unpackScreen, type FullnessJob, type FullnessResult } from './fullness.plan.js';

/**
 * Plans each screen's days off the server's event loop (see FullnessService). A batch read at once whose
 * playlists read alike on every screen plans each distinct day once for all its screens (`SharedDays`: a
 * playlist id stands for one content within the reading, never beyond the job).
 */
serveJobs<FullnessJob, FullnessResult>((job) => {
  const alike = job.screens.every((screen) => screen.playlists instanceof Int32Array);
  const shared = alike ? new SharedDays() : null;
  return job.screens.map((screen) => ({
    pointId: screen.pointId,
    ...planFullness(unpackScreen(job, screen), screen.fromDay, job.days, shared),
  }));
});
