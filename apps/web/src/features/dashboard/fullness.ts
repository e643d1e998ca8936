import type { Dashboard } from '@vitrine/core';

export type PointRow = Dashboard['fullness']['points'][number];

/** Screens shown before 'Show all'. */
export const TOP = 30;

/** The screens fullest first; equal ones by name, then by id, so the order never flickers. */
export const byFullness = (points: readonly PointRow[]): PointRow[] =>
  [...points].sort((a, b) => b.fullness - a.fullness || a.name.localeCompare(b.name) || a.id - b.id);
