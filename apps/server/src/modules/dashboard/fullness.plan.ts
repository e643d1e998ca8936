import type { FullnessSpan, ScheduleInputData } from '@vitrine/core';

/** One batch of screens for a worker: each screen's inputs and first local date, planned for `days` days. */
export interface FullnessJob {
  days: number;
  screens: { pointId: number; fromDay: string; input: ScheduleInputData }[];
}

/** Each screen's days as runs of equal days. */
export type FullnessResult = { pointId: number; spans: FullnessSpan[] }[];
