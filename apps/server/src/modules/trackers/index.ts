import type { Module } from '../../app-types.js';
import { TrackerService, type TrackerServiceDeps } from './tracker.service.js';

/** Tracking pixels the stored shows owe, delivered by the timed work (no routes of its own). */
export function createTrackersModule(deps: TrackerServiceDeps) {
  return { services: { trackers: new TrackerService(deps) }, routes: [] } satisfies Module<object>;
}
