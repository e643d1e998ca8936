import type { Point } from '@vitrine/core';
import type { Column } from '../../lib/list/DataTable';
import type { CellKit } from '../../lib/list/cells';
import { statusCell, statusTexts } from '../../components/StatusBadge';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');

/**
 * The screens list's columns: name (with uid and address), status, sync, networks, last seen, player. Plain
 * cells (cells.tsx) whose texts are looked up once here, not for each row.
 */
export const screenColumns = (kit: CellKit): Column<Point>[] => {
  const { t } = kit;
  const status = statusTexts(t);
  const stopped = t('points.stopped');
  const noContent = t('points.noContent');
  const sync = {
    SYNCHRONIZED: t('points.syncStatuses.SYNCHRONIZED'),
    NOT_SYNCHRONIZED: t('points.syncStatuses.NOT_SYNCHRONIZED'),
  };
  return [
    {
      key: 'name',
      header: t('points.name'),
      cell: (p) =>
        kit.stack(
          <>
            {kit.link(`/point/${p.id}`, p.name)}
            {kit.text(`${p.uid}${p.address ? ` · ${p.address}` : ''}`, { size: 'xs', dimmed: true })}
          </>,
        ),
    },
    {
      key: 'status',
      header: t('points.status'),
      cell: (p) =>
        kit.group(
          <>
            {statusCell(kit, status, p.status, p.displayOff)}
            {p.isStoped && kit.badge(stopped, { color: 'red', variant: 'outline', size: 'sm' })}
            {!p.hasContent && kit.badge(noContent, { color: 'gray', variant: 'outline', size: 'sm' })}
          </>,
        ),
    },
    { key: 'sync', header: t('points.sync'), cell: (p) => kit.text(sync[p.syncStatus], { size: 'sm' }) },
    {
      key: 'nets',
      header: t('points.networks'),
      cell: (p) =>
        kit.group(
          p.net.map((n) =>
            kit.badge(n.name, { color: n.color ?? 'gray', variant: 'light', size: 'sm' }, {}, n.id),
          ),
        ),
    },
    {
      key: 'seen',
      header: t('points.lastSeen'),
      cell: (p) =>
        kit.text(when(p.status === 'GONE_OFFLINE' ? p.dt_gone_offline : p.lastSeen), { size: 'sm' }),
    },
    {
      key: 'player',
      header: t('points.player'),
      cell: (p) => kit.text(p.player ? `${p.player.version} · ${p.player.resolution}` : '—', { size: 'sm' }),
    },
  ];
};
