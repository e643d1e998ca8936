import type { QuotaKind } from '@vitrine/core';
import type { EditorState } from './editorState';

/** The errors without one field's: it was changed, so its message no longer holds (same object if none). */
export function withoutError(errors: Record<string, string>, key: string): Record<string, string> {
  if (!(key in errors)) return errors;
  const next = { ...errors };
  delete next[key];
  return next;
}

/** The quotas with one kind set to `quantity`, or dropped when null. */
export function withQuota(
  quotas: EditorState['quotas'],
  kind: QuotaKind,
  quantity: number | null,
): EditorState['quotas'] {
  return [...quotas.filter((q) => q.kind !== kind), ...(quantity !== null ? [{ kind, quantity }] : [])];
}
