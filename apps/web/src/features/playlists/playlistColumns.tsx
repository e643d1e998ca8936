import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { TFunction } from 'i18next';
import { PLAYLIST_MESSAGES, type PlaylistListItem } from '@vitrine/core';
import type { Column } from '../../lib/list/DataTable';
import { translateMessage } from '../../lib/messages';
import { ExpirationBadge } from './ExpirationBadge';

/**
 * The playlists list's columns. A change waiting for approval says 'Approve required' to the approver and
 * 'Approve requested' to everyone else.
 */
export const playlistColumns = (t: TFunction, approver: boolean): Column<PlaylistListItem>[] => [
  {
    key: 'name',
    header: t('playlists.name'),
    cell: (p) => (
      <Stack gap={2}>
        <Anchor component={Link} to={`/playlist/${p.id}`}>
          {p.name}
        </Anchor>
        {(p.pendingChange || !p.approved) && (
          <Badge color="yellow" variant="light" size="sm">
            {approver
              ? translateMessage(PLAYLIST_MESSAGES.approveRequired)
              : translateMessage(PLAYLIST_MESSAGES.approveRequested)}
          </Badge>
        )}
      </Stack>
    ),
  },
  { key: 'type', header: t('playlists.type'), cell: (p) => t(`playlists.types.${p.type}`) },
  {
    key: 'period',
    header: t('playlists.period'),
    cell: (p) => (
      <Text size="sm">
        {p.fromDate.slice(0, 16)} – {p.toDate.slice(0, 16)}
      </Text>
    ),
  },
  {
    key: 'status',
    header: t('playlists.status'),
    cell: (p) => (
      <Group gap={4}>
        <ExpirationBadge value={p.expiration} />
        {!p.active && (
          <Badge color="gray" variant="outline">
            {t('playlists.inactive')}
          </Badge>
        )}
      </Group>
    ),
  },
  { key: 'screens', header: t('playlists.screensCount'), cell: (p) => p.pointsTotal },
  {
    key: 'tags',
    header: t('playlists.tags'),
    cell: (p) => (
      <Group gap={4}>
        {p.tags.map((x) => (
          <Badge key={x.id} variant="outline" size="sm">
            {x.name}
          </Badge>
        ))}
      </Group>
    ),
  },
];
