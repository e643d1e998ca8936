import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Switch,
  Table,
  Text,
  Textarea,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { REJECT_REASON_MAX, type Playlist } from '@vitrine/core';
import { translateMessage } from '../../lib/messages';
import { usePlaylistActions, usePlaylistVersions } from './playlists.api';
import { diffPlaylists, type DiffRow, type DiffValue } from './review';
import './ReviewModal.css';
import { usePermission } from '../../lib/permissions';

const MARKS = {
  added: { component: 'ins', className: 'vitrine-diff-added', sign: '+ ' },
  removed: { component: 'del', className: 'vitrine-diff-removed', sign: '− ' },
} as const;

/** One side of a field: a line of text, or a list whose added and removed entries say so. */
function Value({ value }: { value: DiffValue }) {
  const { t } = useTranslation();
  if (value.kind === 'text' || value.entries.length === 0)
    return (
      <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
        {value.kind === 'text' ? value.text : '—'}
      </Text>
    );
  return (
    <ul className="vitrine-diff-list" data-inline={value.inline || undefined}>
      {value.entries.map((entry) => {
        const mark = entry.mark === 'same' ? null : MARKS[entry.mark];
        return (
          <Text component="li" size="sm" key={entry.key} style={{ overflowWrap: 'anywhere' }}>
            {mark ? (
              <Text component={mark.component} inherit fw={600} className={mark.className}>
                <span aria-hidden>{mark.sign}</span>
                <VisuallyHidden>{t(`playlists.review.${entry.mark}`)}: </VisuallyHidden>
                {entry.text}
              </Text>
            ) : (
              entry.text
            )}
          </Text>
        );
      })}
    </ul>
  );
}

function ChangedBadge() {
  const { t } = useTranslation();
  return (
    <Badge size="xs" color="yellow" variant="filled" style={{ flexShrink: 0 }}>
      {t('playlists.review.changed')}
    </Badge>
  );
}

/** Wide screens: a table, the field and the two versions side by side. */
function DiffTable({ rows }: { rows: DiffRow[] }) {
  const { t } = useTranslation();
  return (
    <Table withTableBorder withColumnBorders layout="fixed" verticalSpacing="xs">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w="22%">{t('playlists.review.field')}</Table.Th>
          <Table.Th>{t('playlists.review.approvedColumn')}</Table.Th>
          <Table.Th>{t('playlists.review.pendingColumn')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr
            key={row.field}
            data-changed={row.changed || undefined}
            className={row.changed ? 'vitrine-diff-changed' : undefined}
          >
            <Table.Th scope="row" fw={row.changed ? 700 : 500}>
              <Group gap={6} wrap="nowrap" justify="space-between" align="flex-start">
                <span>{row.label}</span>
                {row.changed && <ChangedBadge />}
              </Group>
            </Table.Th>
            <Table.Td>
              <Value value={row.approved} />
            </Table.Td>
            <Table.Td>
              <Value value={row.pending} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Phones: one card per field; a changed one shows both versions, one above the other. */
function DiffCards({ rows }: { rows: DiffRow[] }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      {rows.map((row) => (
        <Paper
          key={row.field}
          withBorder
          p="xs"
          component="section"
          aria-label={row.label}
          data-changed={row.changed || undefined}
          className={row.changed ? 'vitrine-diff-changed' : undefined}
          pl={row.changed ? 'md' : 'xs'}
        >
          <Group gap={6} justify="space-between" wrap="nowrap" align="flex-start" mb={4}>
            <Title order={3} size="sm">
              {row.label}
            </Title>
            {row.changed && <ChangedBadge />}
          </Group>
          {row.changed ? (
            <Stack gap={4}>
              <div>
                <Text size="xs" c="dimmed">
                  {t('playlists.review.approvedColumn')}
                </Text>
                <Value value={row.approved} />
              </div>
              <div>
                <Text size="xs" c="dimmed">
                  {t('playlists.review.pendingColumn')}
                </Text>
                <Value value={row.pending} />
              </div>
            </Stack>
          ) : (
            // The same in both: written once.
            <Value value={row.pending} />
          )}
        </Paper>
      ))}
    </Stack>
  );
}

type Requests = NonNullable<ReturnType<typeof usePlaylistVersions>['data']>['requests'];

/** Who asked for the waiting version, and when. */
function ReviewRequests({ requests }: { requests: Requests }) {
  const { t } = useTranslation();
  if (requests.length === 0) return null;
  return (
    <Stack gap={2}>
      {requests.map((r) => (
        <Text size="sm" key={r.id}>
          {t('playlists.pendingBy', {
            name: r.userName,
            date: new Date(r.createdDate).toLocaleString(),
          })}
        </Text>
      ))}
    </Stack>
  );
}

/** The versions field by field (cards on a narrow screen), optionally only the changed fields. */
function DiffSection({ rows, narrow }: { rows: DiffRow[]; narrow: boolean }) {
  const { t } = useTranslation();
  const [onlyChanged, setOnlyChanged] = useState(false);
  const changed = rows.filter((r) => r.changed).length;
  const shown = onlyChanged ? rows.filter((r) => r.changed) : rows;
  return (
    <>
      <Group justify="space-between">
        <Text size="sm" fw={600}>
          {t('playlists.review.changedCount', { count: changed })}
        </Text>
        <Switch
          label={t('playlists.review.onlyChanged')}
          checked={onlyChanged}
          onChange={(e) => setOnlyChanged(e.currentTarget.checked)}
        />
      </Group>
      {narrow ? <DiffCards rows={shown} /> : <DiffTable rows={shown} />}
    </>
  );
}

/**
 * The decision: an optional reason, then reject or approve (`pending`: the decision on its way, true to
 * approve; approving is `blocked` while the version would fail).
 */
function DecisionActions({
  reason,
  onReason,
  pending,
  blocked,
  onCancel,
  onDecide,
}: {
  reason: string;
  onReason: (reason: string) => void;
  pending: boolean | null;
  blocked: boolean;
  onCancel: () => void;
  onDecide: (approve: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" className="vitrine-review-actions">
      <Textarea
        label={t('playlists.review.reason')}
        description={t('playlists.review.reasonHelp')}
        autosize
        minRows={1}
        maxRows={4}
        maxLength={REJECT_REASON_MAX}
        value={reason}
        onChange={(e) => onReason(e.currentTarget.value)}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button color="red" variant="light" loading={pending === false} onClick={() => onDecide(false)}>
          {t('playlists.reject')}
        </Button>
        <Button disabled={blocked} loading={pending === true} onClick={() => onDecide(true)}>
          {t('playlists.approve')}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * The approved version of a playlist beside the one waiting, field by field, with who asked and when.
 * The owner (or admin) approves or rejects here, with an optional reason the authors then read; an
 * author sees their own waiting version against the approved one, without the decision.
 */
export function ReviewModal({
  id,
  onClose,
  onDecided,
}: {
  id: number;
  onClose: () => void;
  /** After a decision: the playlist as it now is, or null when a never-approved one was removed. */
  onDecided?: (result: Playlist | null) => void;
}) {
  const { t } = useTranslation();
  const canDecide = usePermission('playlist.maxDuration');
  const narrow = useMediaQuery('(max-width: 48em)');
  const { data: versions } = usePlaylistVersions(id);
  const { decide } = usePlaylistActions();
  const [reason, setReason] = useState('');

  const approved = versions?.approved;
  const waiting = canDecide ? versions?.pending : (versions?.own ?? versions?.pending);
  // A new playlist never approved: it is itself what waits, against nothing.
  const after = waiting ?? (approved && !approved.approved ? approved : null);
  const rows = approved && after ? diffPlaylists(approved.approved ? approved : null, after, t) : [];

  const run = (approve: boolean) =>
    decide.mutate(
      { id, approve, reason },
      {
        onSuccess: (result) => {
          onDecided?.(result);
          onClose();
        },
      },
    );

  return (
    <Modal
      opened
      onClose={onClose}
      size="80rem"
      fullScreen={narrow}
      title={approved ? t('playlists.review.title', { name: approved.name }) : t('playlists.review.open')}
    >
      {!versions || !approved ? (
        <Loader aria-label={t('playlists.loading')} />
      ) : (
        <Stack>
          <ReviewRequests requests={versions.requests} />
          {!approved.approved && (
            <Alert color="blue" variant="light">
              {t('playlists.review.newPlaylist')}
            </Alert>
          )}
          {versions.problem && (
            <Alert color="red" role="alert" title={t('playlists.review.wouldFail')}>
              {translateMessage(versions.problem)}
            </Alert>
          )}
          {after ? (
            <DiffSection rows={rows} narrow={Boolean(narrow)} />
          ) : (
            <Text c="dimmed">{t('playlists.review.nothing')}</Text>
          )}
          {canDecide && (versions.pending || !approved.approved) ? (
            <DecisionActions
              reason={reason}
              onReason={setReason}
              pending={decide.isPending ? (decide.variables?.approve ?? false) : null}
              blocked={versions.problem !== null}
              onCancel={onClose}
              onDecide={run}
            />
          ) : (
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('common.close')}
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Modal>
  );
}
