import { Alert, Badge, Group, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { POINT_PAGE_SIZE, type PointOverview, PointListQuery } from '@vitrine/core';
import { DataTable, type Column } from '../../lib/list/DataTable';
import { ListFooter } from '../../lib/list/ListFooter';
import { ListHeader } from '../../lib/list/ListKit';
import { useListSearch } from '../../lib/list/search';
import { usePointOverview } from './points.api';
import { StatusBadge } from '../../components/StatusBadge';
import { SyncBadge } from './SyncState';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');

type OverviewRow = PointOverview['points'][number];

/**
 * /point for a role that may open the Media devices section but not the screens themselves (spec §6:
 * observer): the screens with their status, read-only, and a word on what the role does not see.
 */
export function ScreensOverview() {
  const { t } = useTranslation();
  const { search, update } = useListSearch(PointListQuery);
  const page = search.page ?? 1;
  const limit = search.limit ?? POINT_PAGE_SIZE;
  const { data, isLoading } = usePointOverview(page, limit);
  const columns: Column<OverviewRow>[] = [
    { key: 'name', header: t('points.name'), cell: (p) => p.name },
    {
      key: 'status',
      header: t('points.status'),
      cell: (p) => <StatusBadge status={p.status} displayOff={p.displayOff} />,
    },
    { key: 'sync', header: t('points.sync'), cell: (p) => <SyncBadge point={p} /> },
    {
      key: 'nets',
      header: t('points.networks'),
      cell: (p) => (
        <Group gap={4}>
          {p.net.map((n) => (
            <Badge key={n.id} variant="light" color="gray">
              {n.name}
            </Badge>
          ))}
        </Group>
      ),
    },
    { key: 'seen', header: t('points.lastSeen'), cell: (p) => when(p.lastSeen) },
  ];
  return (
    <Stack>
      <ListHeader title={t('menu.points')} />
      <Alert color="blue" variant="light">
        {t('points.overviewOnly')}
      </Alert>
      {isLoading ? (
        <Skeleton h={200} />
      ) : (
        <DataTable
          rows={data?.points ?? []}
          rowKey={(p) => p.id}
          columns={columns}
          empty={t('points.empty')}
        />
      )}
      {data && (
        <ListFooter
          total={data.total}
          page={page}
          limit={limit}
          defaultLimit={POINT_PAGE_SIZE}
          onPage={(p) => update({ page: p })}
          onLimit={(l) => update({ limit: l })}
        />
      )}
    </Stack>
  );
}
