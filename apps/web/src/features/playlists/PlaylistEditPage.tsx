import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { Playlist, PlaylistVersions } from '@vitrine/core';
import { useConfirm } from '../../lib/confirm';
import { usePermission, usePermissions } from '../../lib/permissions';
import { ContentUpdateNote } from './ContentUpdateNote';
import { ApprovalBadge, ApprovalNotes, approvalState } from './editor/Approval';
import { ContentSection } from './editor/ContentSection';
import { SHOWN_ERRORS } from './editor/editorState';
import { MainSection } from './editor/MainSection';
import { PeriodSection } from './editor/PeriodSection';
import { RestrictionsSection } from './editor/RestrictionsSection';
import { ScheduleSection } from './editor/ScheduleSection';
import { TargetsSection } from './editor/TargetsSection';
import { TrackingSection } from './editor/TrackingSection';
import { usePlaylistEditor, type PlaylistEditor } from './editor/usePlaylistEditor';
import { ExpirationBadge } from './ExpirationBadge';
import { usePlaylistActions, usePlaylistVersions, usePlaylist } from './playlists.api';
import { useSaveShortcut } from '../../lib/unsaved';

/** The editor's head: name, expiration, approval and reach; copy, remove and save. */
function EditorHeader({
  editor,
  live,
  approval,
}: {
  editor: PlaylistEditor;
  live: Playlist | null;
  approval: ReturnType<typeof approvalState>;
}) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const has = usePermissions();
  const actions = usePlaylistActions();
  const { playlist } = editor;
  const canEdit = has(playlist ? 'playlist.patch' : 'playlist.create');
  // Ctrl+S saves, from inside a field too (for those who may save).
  useSaveShortcut(() => canEdit && editor.submit());
  return (
    <Group justify="space-between" align="flex-start">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {playlist ? playlist.name : t('sections.playlistCreate')}
        </Title>
        {live && (
          <Group gap="xs">
            <ExpirationBadge value={live.expiration} />
            <ApprovalBadge state={approval} />
            <Text size="sm" c="dimmed">
              {t('playlists.reach', { count: live.pointsTotal })}
            </Text>
          </Group>
        )}
      </Stack>
      <Group>
        {playlist && has('playlist.create') && (
          <>
            <Button
              variant="default"
              onClick={() => actions.copy.mutate({ id: playlist.id, withScreens: false })}
            >
              {t('playlists.copy')}
            </Button>
            <Button
              variant="default"
              onClick={() => actions.copy.mutate({ id: playlist.id, withScreens: true })}
            >
              {t('playlists.copyWithScreens')}
            </Button>
          </>
        )}
        {playlist && has('playlist.remove') && (
          <Button
            color="red"
            variant="light"
            onClick={async () => {
              if (!(await confirm())) return;
              await actions.remove.mutateAsync([playlist.id]);
              editor.leave('/playlist');
            }}
          >
            {t('playlists.remove')}
          </Button>
        )}
        {canEdit && (
          <Button type="submit" loading={editor.saving}>
            {t('common.save')}
          </Button>
        )}
      </Group>
    </Group>
  );
}

/** Errors no field of the form shows (nested items, a hidden section): listed at the top. */
function UnshownErrors({ editor }: { editor: PlaylistEditor }) {
  const { t } = useTranslation();
  const { state, errors } = editor;
  const shown = new Set([
    ...SHOWN_ERRORS,
    ...(state.type === 'BLOCK' ? ['blockDuration'] : []),
    ...state.sections.map((_, i) => `sections.${i}.duration`),
  ]);
  // A picture's fit on a video wall is shown beside the picture, while the playlist targets walls.
  const beside = (key: string) => state.walls.length > 0 && key.endsWith('.wallFit');
  const unshown = Object.entries(errors).filter(([key]) => !shown.has(key) && !beside(key));
  if (unshown.length === 0) return null;
  return (
    <Alert color="red" role="alert" title={t('playlists.checkFields')}>
      <Stack gap={2}>
        {unshown.map(([key, message]) => (
          <Text size="sm" key={key}>
            {key === '_' ? message : `${key}: ${message}`}
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}

/**
 * `playlist` is what the form starts from: for an author with changes waiting, their own waiting
 * version; `live` is the playlist as screens have it.
 */
function Editor({
  playlist,
  live,
  versions,
}: {
  playlist: Playlist | null;
  live: Playlist | null;
  versions: PlaylistVersions | null;
}) {
  const editor = usePlaylistEditor({ playlist, versions });
  const approver = usePermission('playlist.maxDuration');
  const approval = live ? approvalState(live, versions, approver) : null;
  return (
    <form onSubmit={editor.submit} noValidate>
      <Stack>
        <EditorHeader editor={editor} live={live} approval={approval} />
        {editor.update && <ContentUpdateNote update={editor.update} />}
        {live && (
          <ApprovalNotes
            live={live}
            versions={versions}
            approval={approval}
            onRejectedNew={() => editor.leave('/playlist')}
          />
        )}
        <UnshownErrors editor={editor} />
        <MainSection editor={editor} />
        <ContentSection editor={editor} />
        <PeriodSection editor={editor} />
        {editor.state.type === 'ADVERTISING' && <ScheduleSection editor={editor} />}
        <TargetsSection editor={editor} />
        <RestrictionsSection editor={editor} />
        <TrackingSection editor={editor} />
      </Stack>
    </form>
  );
}

/** /playlist/create and /playlist/{id}. */
export function PlaylistEditPage() {
  const params = useParams({ strict: false });
  const id = params.id ? Number(params.id) : null;
  const { t } = useTranslation();
  // Roles that edit read the versions too: an author's editor opens on their own waiting version.
  const editsPlaylists = usePermission('playlist.patch');
  const { data, isLoading } = usePlaylist(id);
  const { data: versions, isLoading: versionsLoading } = usePlaylistVersions(id, editsPlaylists);
  if (id !== null && (!data || (editsPlaylists && !versions)))
    return isLoading || versionsLoading ? (
      <Loader aria-label={t('playlists.loading')} />
    ) : (
      <Text>{t('errors.NOT_FOUND')}</Text>
    );
  const live = versions?.approved ?? data ?? null;
  // A save, an approval or a rejection changes what the editor starts from: it starts again.
  const key = versions
    ? [
        versions.approved.updatedDate,
        versions.requests.map((r) => r.id).join('.'),
        versions.rejection?.decidedDate ?? '',
      ].join('-')
    : data
      ? `${data.updatedDate}-${data.pendingChange?.id ?? 0}`
      : 'new';
  return <Editor key={key} playlist={versions?.own ?? live} live={live} versions={versions ?? null} />;
}
