import { PointPatchMany, type PointPatch } from '@vitrine/core';
import { translateMessage } from '../../lib/messages';
import type { SettingField } from './SettingFields';

/** The bulk body's patch, checked with the server's own schema. */
export const BulkPatch = PointPatchMany.shape.patch;

export type BulkPatchCheck = { ok: true; patch: PointPatch } | { ok: false; errors: Record<string, string> };

/**
 * Only the ticked settings go in the patch, so every other setting of each screen stays as it is; the
 * patch is checked with the server's schema, its messages keyed by setting ('_' for the whole).
 */
export function checkBulkPatch(values: PointPatch, ticked: Iterable<SettingField>): BulkPatchCheck {
  const patch = Object.fromEntries([...ticked].map((f) => [f, values[f]])) as PointPatch;
  const parsed = BulkPatch.safeParse(patch);
  if (parsed.success) return { ok: true, patch: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues)
    errors[String(issue.path[0] ?? '_')] ??= translateMessage(issue.message);
  return { ok: false, errors };
}
