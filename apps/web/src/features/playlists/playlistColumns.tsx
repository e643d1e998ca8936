import { Anchor, Badge, Group, Stack } from '@mantine/core';
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
    // A row is light on a page of 1,000: the name alone unless a change waits for approval.
    cell: (p) => {
      const link = (
        <Anchor component={Link} to={`/playlist/${p.id}`}>
          {p.name}
        </Anchor>
      );
      if (!p.pendingChange && p.approved) return link;
      return (
        <Stack gap={2}>
          {link}
          <Badge color="yellow" variant="light" size="sm">
            {approver
              ? translateMessage(PLAYLIST_MESSAGES.approveRequired)
              : translateMessage(PLAYLIST_MESSAGES.approveRequested)}
          </Badge>
        </Stack>
      );
    },
  },
  { key: 'type', header: t('playlists.type'), cell: (p) => t(`playlists.types.${p.type}`) },
  {
    key: 'period',
    header: t('playlists.period'),
    cell: (p) => `${p.fromDate.slice(0, 16)} – ${p.toDate.slice(0, 16)}`,
  },
  {
    key: 'status',
    header: t('playlists.status'),
    cell: (p) =>
      p.active ? (
        <ExpirationBadge value={p.expiration} />
      ) : (
        <Group gap={4}>
          <ExpirationBadge value={p.expiration} />
          <Badge color="gray" variant="outline">
            {t('playlists.inactive')}
          </Badge>
        </Group>
      ),
  },
  { key: 'screens', header: t('playlists.screensCount'), cell: (p) => p.pointsTotal },
  {
    key: 'tags',
    header: t('playlists.tags'),
    cell: (p) =>
      p.tags.length === 0 ? null : (
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
