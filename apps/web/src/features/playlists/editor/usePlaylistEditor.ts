import { useRef, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import {
  type PlaylistInput,
  type ContentUpdate,
  type Playlist,
  type PlaylistVersions,
  type QuotaKind,
} from '@vitrine/core';
import { ApiError } from '../../../api/client';
import { refusalFields } from '../../../lib/messages';
import { useUnsavedChanges } from '../../../lib/unsaved';
import { useFormSubmit } from '../../../lib/useZodForm';
import { lastUpdates, usePlaylistActions } from '../playlists.api';
import { checkEditor } from './checkEditor';
import { withQuota, withoutError } from './editorChanges';
import { fromDefaults, fromPlaylist, type EditorState } from './editorState';

/**
 * The playlist editor's state: the form (the playlist as sent, with names beside ids), its errors and the
 * periodicity suggestions, validation with the server's schema and rules, the save (the server's refusal
 * lands on its fields), what the last save did to the screens, and the warning before leaving unsaved.
 */
export function usePlaylistEditor({
  playlist,
  versions,
}: {
  playlist: Playlist | null;
  versions: PlaylistVersions | null;
}) {
  const navigate = useNavigate();
  const [initial, setInitial] = useState<EditorState>(() =>
    playlist ? fromPlaylist(playlist) : fromDefaults(),
  );
  const [state, setState] = useState<EditorState>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [suggestions, setSuggestions] = useState<number[]>([]);
  const [update, setUpdate] = useState<ContentUpdate | null>(() =>
    playlist ? (lastUpdates.get(playlist.id) ?? null) : null,
  );
  const actions = usePlaylistActions();
  const dirty = JSON.stringify(state) !== JSON.stringify(initial);
  // The blocker reads these when a navigation starts, after this render: refs, not closures.
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const leaving = useRef(false);

  // Spec §5: a warning before leaving with unsaved changes.
  useUnsavedChanges(() => !leaving.current && dirtyRef.current);

  const set = <K extends keyof EditorState>(key: K, value: EditorState[K]) => {
    setState((s) => ({ ...s, [key]: value }));
    setErrors((e) => withoutError(e, key));
  };

  /** The same schema and rules as the server; what passes here is not refused there for form. */
  const validate = (): PlaylistInput | null => {
    const checked = checkEditor(state);
    setErrors(checked.errors);
    setSuggestions(checked.suggestions);
    return checked.body;
  };

  /** Any refusal is shown in the form: on its fields, else as the form's own error, with its suggestions. */
  const showServerError = (error: unknown): boolean => {
    if (!(error instanceof ApiError)) return false;
    setErrors(refusalFields({ ...error.body, fields: error.body.fields ?? { _: error.body.message ?? '' } }));
    setSuggestions(error.body.suggestions ?? []);
    return true;
  };

  const { busy: saving, onSubmit: submit } = useFormSubmit(
    { validate, showServerError },
    (body) => actions.save.mutateAsync({ id: playlist?.id ?? null, body }),
    {
      onSuccess: async (saved) => {
        setUpdate(saved.update ?? null);
        if (!playlist) {
          leaving.current = true;
          await navigate({ to: '/playlist/$id', params: { id: String(saved.id) }, replace: true });
        } else if (saved.notice || versions?.own) {
          // Waiting for approval (or no longer): what was sent is kept in the form, and counts as saved.
          setInitial(state);
        }
      },
    },
  );

  const quota = (kind: QuotaKind) => state.quotas.find((q) => q.kind === kind);
  const setQuota = (kind: QuotaKind, quantity: number | null) =>
    set('quotas', withQuota(state.quotas, kind, quantity));
  /** Leaves the editor without the unsaved-changes warning (after a removal, say). */
  const leave = (to: '/playlist') => {
    leaving.current = true;
    void navigate({ to });
  };

  return {
    playlist,
    state,
    setState,
    set,
    errors,
    suggestions,
    setSuggestions,
    update,
    submit,
    saving,
    quota,
    setQuota,
    leave,
  };
}

export type PlaylistEditor = ReturnType<typeof usePlaylistEditor>;
