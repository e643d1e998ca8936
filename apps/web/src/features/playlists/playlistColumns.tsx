import { PLAYLIST_MESSAGES, type PlaylistListItem } from '@vitrine/core';
import type { Column } from '../../lib/list/DataTable';
import type { CellKit } from '../../lib/list/cells';
import { translateMessage } from '../../lib/messages';
import { expirationCell } from './ExpirationBadge';

/**
 * The playlists list's columns, plain cells (cells.tsx) whose texts are looked up once here. A change
 * waiting for approval says 'Approve required' to the approver and 'Approve requested' to everyone else.
 */
export const playlistColumns = (kit: CellKit, approver: boolean): Column<PlaylistListItem>[] => {
  const { t } = kit;
  const waiting = translateMessage(
    approver ? PLAYLIST_MESSAGES.approveRequired : PLAYLIST_MESSAGES.approveRequested,
  );
  const inactive = t('playlists.inactive');
  const type = kit.texts('playlists.types.');
  const expiration = kit.texts('playlists.expiration.');
  return [
    {
      key: 'name',
      header: t('playlists.name'),
      // A row is light on a page of 1,000: the name alone unless a change waits for approval.
      cell: (p) => {
        const link = kit.link(`/playlist/${p.id}`, p.name);
        if (!p.pendingChange && p.approved) return link;
        return kit.stack(
          <>
            {link}
            {kit.badge(waiting, { color: 'yellow', variant: 'light', size: 'sm' })}
          </>,
          2,
        );
      },
    },
    { key: 'type', header: t('playlists.type'), cell: (p) => type(p.type) },
    {
      key: 'period',
      header: t('playlists.period'),
      cell: (p) => `${p.fromDate.slice(0, 16)} – ${p.toDate.slice(0, 16)}`,
    },
    {
      key: 'status',
      header: t('playlists.status'),
      cell: (p) =>
        p.active
          ? expirationCell(kit, expiration, p.expiration)
          : kit.group(
              <>
                {expirationCell(kit, expiration, p.expiration)}
                {kit.badge(inactive, { color: 'gray', variant: 'outline' })}
              </>,
            ),
    },
    { key: 'screens', header: t('playlists.screensCount'), cell: (p) => p.pointsTotal },
    {
      key: 'tags',
      header: t('playlists.tags'),
      cell: (p) =>
        p.tags.length === 0
          ? null
          : kit.group(p.tags.map((x) => kit.badge(x.name, { variant: 'outline', size: 'sm' }, {}, x.id))),
    },
  ];
};
