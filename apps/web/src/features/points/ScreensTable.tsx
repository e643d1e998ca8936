import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { POINT_PAGE_SIZE, type Point } from '@vitrine/core';
import { useCellKit } from '../../lib/list/cells';
import { DataTable } from '../../lib/list/DataTable';
import { ListFooter } from '../../lib/list/ListFooter';
import type { useSelection } from '../../lib/list/useSelection';
import { usePoints, type PointsQuery } from './points.api';
import { screenColumns } from './screenColumns';

/** One page of the screens the filters list, with selection, each row's menu, and the paging under it. */
export function ScreensTable({
  query,
  selection,
  rowItems,
  filtered,
  update,
}: {
  query: PointsQuery & { page: number; limit: number };
  selection: ReturnType<typeof useSelection>;
  rowItems: (id: number) => ReactNode;
  /** Some filter is set: an empty page says "nothing found", not "no screens yet". */
  filtered: boolean;
  update: (change: Partial<PointsQuery>) => void;
}) {
  const { t } = useTranslation();
  const { data, isLoading } = usePoints(query);
  const rows = data?.points ?? [];
  const { page, limit } = query;
  // The same columns from render to render: the table's rows re-render only when their own data changes.
  const kit = useCellKit();
  const columns = useMemo(() => screenColumns(kit), [kit]);
  // A row's labels with its name put in, each looked up once.
  const labels = useMemo(
    () => ({
      select: kit.template('points.select', 'name'),
      actions: kit.template('points.actionsFor', 'name'),
    }),
    [kit],
  );
  return (
    <>
      <DataTable<Point>
        rows={rows}
        rowKey={(p) => p.id}
        columns={columns}
        minWidth={820}
        loading={isLoading}
        selection={{
          state: selection,
          allLabel: t('points.selectAll'),
          rowLabel: (p) => labels.select(p.name),
        }}
        rowMenu={{
          header: t('points.actions'),
          label: (p) => labels.actions(p.name),
          items: (p) => rowItems(p.id),
        }}
        empty={data?.total === 0 && !filtered ? t('points.empty') : t('common.nothingFound')}
      />
      <ListFooter
        total={data?.total ?? 0}
        page={page}
        limit={limit}
        defaultLimit={POINT_PAGE_SIZE}
        onPage={(p) => update({ page: p })}
        onLimit={(l) => update({ limit: l })}
      />
    </>
  );
}
