import { PlaylistInput, checkPlaylist } from '@vitrine/core';
import { translateFields, translateMessage } from '../../../lib/messages';
import { toBody, type EditorState } from './editorState';

/**
 * The editor's state checked with the server's schema and rules (translated errors by field, the
 * periodicity suggestions); `body` is what to send, or null when something is refused.
 */
export function checkEditor(state: EditorState): {
  body: PlaylistInput | null;
  errors: Record<string, string>;
  suggestions: number[];
} {
  const parsed = PlaylistInput.safeParse(toBody(state));
  const errors: Record<string, string> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      errors[issue.path.join('.') || '_'] ??= translateMessage(issue.message);
  }
  const media = new Map(
    [...state.files, ...state.sections.flatMap((s) => s.files)].map((i) => [i.fileId, i.mediaDuration]),
  );
  const problems = parsed.success
    ? checkPlaylist(parsed.data, {
        mediaDuration: (id) => media.get(id),
        screens: Math.max(1, state.points.length),
      })
    : { fields: {}, suggestions: [] };
  Object.assign(errors, translateFields(problems.fields));
  const body = Object.keys(errors).length === 0 && parsed.success ? parsed.data : null;
  return { body, errors, suggestions: problems.suggestions };
}
