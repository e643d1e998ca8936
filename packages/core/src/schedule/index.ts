/**
 * The schedule engine: what one screen plays on one day. Pure and deterministic; the rules are written out
 * in docs/scheduling.md. One file per stage: types (input and output), intervals, rotation (files order),
 * quotas, common (candidates, the not-planned tally, day spans), blocks, shows (periodic advertising),
 * fill (background), day (the stages in order), fullness (days as runs, shared across screens) and summary (the table by files).
 */
export * from './types.js';
export { shareOf, usesNetworkShare, NO_SHARE } from './quotas.js';
export { planDay, planDays, fullnessOf } from './day.js';
export {
  fullnessOver,
  fullnessSpans,
  planFullness,
  SharedDays,
  SHORTFALL_REASONS,
  spansOver,
  type FullnessSpan,
} from './fullness.js';
export * from './summary.js';
