import { useState } from 'react';
import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PLAYLIST_MESSAGES, type Playlist, type PlaylistVersions } from '@vitrine/core';
import { translateMessage } from '../../../lib/messages';
import { ReviewModal } from '../ReviewModal';

export type ApprovalState = 'review' | 'requested' | 'rejected' | 'waiting' | null;

/**
 * Where approval stands for this person: the owner has changes to review; an author's own version
 * waits ('Approve requested') or was rejected; someone else's change waits; or nothing.
 */
export function approvalState(
  live: Playlist,
  versions: PlaylistVersions | null,
  approver: boolean,
): ApprovalState {
  const waits = versions ? versions.pending !== null : live.pendingChange !== null;
  if (approver && (waits || !live.approved)) return 'review';
  if (versions?.own) return 'requested';
  if (versions?.rejection) return 'rejected';
  return waits || !live.approved ? 'waiting' : null;
}

/** The approval state as the editor's header shows it, next to the validity. */
export function ApprovalBadge({ state }: { state: ApprovalState }) {
  const { t } = useTranslation();
  if (!state) return null;
  if (state === 'rejected')
    return (
      <Badge color="red" variant="light">
        {t('playlists.review.rejected')}
      </Badge>
    );
  return (
    <Badge color={state === 'requested' ? 'blue' : 'yellow'} variant="light">
      {translateMessage(
        state === 'review' ? PLAYLIST_MESSAGES.approveRequired : PLAYLIST_MESSAGES.approveRequested,
      )}
    </Badge>
  );
}

const date = (iso: string) => new Date(iso).toLocaleString();

/** Changes to review: who asked and when, and the review's button. */
function ReviewNote({
  live,
  versions,
  onOpen,
}: {
  live: Playlist;
  versions: PlaylistVersions | null;
  onOpen: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Alert color="yellow" title={translateMessage(PLAYLIST_MESSAGES.approveRequired)}>
      <Stack gap="xs">
        {(versions?.requests ?? (live.pendingChange ? [live.pendingChange] : [])).map((r) => (
          <Text size="sm" key={r.id}>
            {t('playlists.pendingBy', { name: r.userName, date: date(r.createdDate) })}
          </Text>
        ))}
        {!live.approved && <Text size="sm">{t('playlists.review.newPlaylist')}</Text>}
        <Group>
          <Button size="xs" onClick={onOpen}>
            {t('playlists.review.open')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/** The last rejection: its reason, who decided and when. */
function RejectionNote({ rejection }: { rejection: NonNullable<PlaylistVersions['rejection']> }) {
  const { t } = useTranslation();
  return (
    <Alert
      color="red"
      title={
        rejection.reason
          ? t('playlists.review.rejectedWith', { reason: rejection.reason })
          : t('playlists.review.rejected')
      }
    >
      <Text size="sm">
        {t('playlists.review.rejectedBy', {
          name: rejection.userName ?? '—',
          date: date(rejection.decidedDate),
        })}
      </Text>
    </Alert>
  );
}

/**
 * What the editor says about approval above the form: changes to review (with who asked and when), the
 * author's own waiting version, a rejection with its reason, someone else's waiting change; and the review.
 */
export function ApprovalNotes({
  live,
  versions,
  approval,
  onRejectedNew,
}: {
  live: Playlist;
  versions: PlaylistVersions | null;
  approval: ApprovalState;
  /** A new playlist rejected is removed. */
  onRejectedNew: () => void;
}) {
  const { t } = useTranslation();
  const [reviewing, setReviewing] = useState(false);
  return (
    <>
      {approval === 'review' && (
        <ReviewNote live={live} versions={versions} onOpen={() => setReviewing(true)} />
      )}
      {approval === 'requested' && (
        <Alert color="blue" title={translateMessage(PLAYLIST_MESSAGES.approveRequested)}>
          <Stack gap="xs">
            <Text size="sm">{t('playlists.review.yourVersion')}</Text>
            <Group>
              <Button size="xs" variant="default" onClick={() => setReviewing(true)}>
                {t('playlists.review.show')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
      {versions?.rejection && approval === 'rejected' && <RejectionNote rejection={versions.rejection} />}
      {approval === 'waiting' && (
        <Alert color="yellow" title={translateMessage(PLAYLIST_MESSAGES.approveRequested)}>
          {live.pendingChange && (
            <Text size="sm">
              {t('playlists.pendingBy', {
                name: live.pendingChange.userName,
                date: date(live.pendingChange.createdDate),
              })}
            </Text>
          )}
        </Alert>
      )}
      {reviewing && (
        <ReviewModal
          id={live.id}
          onClose={() => setReviewing(false)}
          onDecided={(result) => {
            if (result) return;
            onRejectedNew();
          }}
        />
      )}
    </>
  );
}
