import { useState } from 'react';
import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Loader,
  Paper,
  Popover,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { IconColumns, IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { STATISTIC_PAGE_SIZES, type StatisticRow } from '@vitrine/core';
import { DataTable, type Column } from '../../lib/list/DataTable';
import { ListFooter } from '../../lib/list/ListFooter';
import { useSelection, type Selection } from '../../lib/list/useSelection';
import { EditRowsModal } from './EditRowsModal';
import { FilterBar } from './FilterBar';
import { ExportMenu, SpoolList } from './Exports';
import { useNumbers } from './format';
import { readListPaging } from './filters';
import { useStatisticList } from './statistics.api';
import { useFilterSearch } from './useFilterSearch';
import { usePermission } from '../../lib/permissions';
import { LoadFailed } from '../../lib/LoadFailed';

/** Spec §3's statistics row, in its order. */
const LIST_COLUMNS = [
  'datetime',
  'channel',
  'instance',
  'playlist',
  'file',
  'shows',
  'impressions',
  'revenue',
  'cost',
  'source',
] as const;
type ListColumn = (typeof LIST_COLUMNS)[number];
const NUMERIC = new Set<ListColumn>(['shows', 'impressions', 'revenue', 'cost']);
const COLUMNS_KEY = 'vitrine.statistics.columns';

/** The columns shown, remembered in this browser; unknown names from an older version are dropped. */
function useColumns() {
  const [stored, setStored] = useLocalStorage<string[]>({
    key: COLUMNS_KEY,
    defaultValue: [...LIST_COLUMNS],
    getInitialValueInEffect: false,
  });
  const shown = LIST_COLUMNS.filter((c) => stored.includes(c));
  const toggle = (column: ListColumn, on: boolean) =>
    setStored(LIST_COLUMNS.filter((c) => (c === column ? on : shown.includes(c))));
  return { shown: shown.length ? shown : [...LIST_COLUMNS], toggle };
}

/** A popover of checkboxes (not a menu: its items stay checkable while it is open). */
function ColumnsMenu({ shown, toggle }: ReturnType<typeof useColumns>) {
  const { t } = useTranslation();
  return (
    <Popover position="bottom-end" withinPortal shadow="md" trapFocus>
      <Popover.Target>
        <Button variant="default" leftSection={<IconColumns size={16} />}>
          {t('statistics.columnsMenu')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap={6} role="group" aria-labelledby="columns-shown">
          <Text size="xs" c="dimmed" fw={600} id="columns-shown">
            {t('statistics.columnsShown')}
          </Text>
          {LIST_COLUMNS.map((column) => (
            <Checkbox
              key={column}
              label={t(`statistics.columns.${column}`)}
              checked={shown.includes(column)}
              // The last column stays: a table of nothing helps no one.
              disabled={shown.length === 1 && shown.includes(column)}
              onChange={(e) => toggle(column, e.currentTarget.checked)}
            />
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

/** The shown columns for the table: a show's figure in each, as the list shows it. */
function useTableColumns(shown: ListColumn[]): Column<StatisticRow>[] {
  const { t, i18n } = useTranslation();
  const n = useNumbers();
  const cell = (row: StatisticRow, column: ListColumn): string => {
    switch (column) {
      case 'datetime':
        return row.localTime;
      case 'channel':
        return row.channel ?? '—';
      case 'instance':
        return row.instance ?? `#${row.pointId}`;
      case 'playlist':
        return row.playlist ?? (row.playlistId === null ? t('statistics.noPlaylist') : `#${row.playlistId}`);
      case 'file':
        return row.file ?? `#${row.fileId}`;
      case 'shows':
        return n.int(row.shows);
      case 'impressions':
        return n.dec(row.impressions);
      case 'revenue':
        return n.money(row.revenue);
      case 'cost':
        return n.money(row.cost);
      case 'source':
        return i18n.exists(`statistics.sources.${row.source}`)
          ? t(`statistics.sources.${row.source}`)
          : row.source;
    }
  };
  return shown.map((c) => ({
    key: c,
    header: t(`statistics.columns.${c}`),
    cell: (row) => cell(row, c),
    ...(NUMERIC.has(c) ? { align: 'right' as const } : {}),
    ...(c === 'datetime' ? { nowrap: true } : {}),
  }));
}

/** The page of shows; with the right to correct them, rows are chosen and edited from here. */
function ShowsTable({
  rows,
  columns,
  minWidth,
  selection,
  onEdit,
}: {
  rows: StatisticRow[];
  columns: Column<StatisticRow>[];
  minWidth: number;
  selection: Selection | null;
  onEdit: (row: StatisticRow) => void;
}) {
  const { t } = useTranslation();
  return (
    <DataTable
      rows={rows}
      rowKey={(row) => row.id}
      columns={columns}
      label={t('statistics.captions.list')}
      minWidth={minWidth}
      {...(selection
        ? {
            selection: {
              state: selection,
              allLabel: t('statistics.selectPage'),
              rowLabel: (row: StatisticRow) => t('statistics.selectRow', { time: row.localTime }),
            },
            rowAction: {
              header: t('statistics.actions'),
              cell: (row: StatisticRow) => (
                <ActionIcon
                  variant="subtle"
                  aria-label={t('statistics.editRow', { time: row.localTime })}
                  onClick={() => onEdit(row)}
                >
                  <IconPencil size={16} />
                </ActionIcon>
              ),
            },
          }
        : {})}
    />
  );
}

/** /statistics/list: every show over the filters, ten columns to choose from, pages and exports (spec §2). */
export function ListPage() {
  const { t } = useTranslation();
  // Filters, page and page size live in the address: a reload, a shared link or Back shows the same page.
  const { search, filters, setFilters, setExtra } = useFilterSearch<{ page?: number; limit?: number }>();
  const { page, limit } = readListPaging(search);
  const columns = useColumns();
  const { data, isLoading, isFetching } = useStatisticList(filters, page, limit);
  const rows = data?.list ?? [];
  const canEdit = usePermission('statistics.edit');
  const [editing, setEditing] = useState<StatisticRow[] | null>(null);
  // Rows picked for one correction: only those of the page on screen count.
  const selection = useSelection();
  const chosen = rows.filter((r) => selection.selected.has(r.id));
  const tableColumns = useTableColumns(columns.shown);
  return (
    <Stack>
      <Group justify="space-between" align="center">
        <Group gap="sm">
          <Title order={1} size="h2">
            {t('statistics.listTitle')}
          </Title>
          {isFetching && !isLoading && <Loader size="xs" aria-label={t('statistics.loading')} />}
        </Group>
        <Group gap="xs">
          {canEdit && chosen.length > 0 && (
            <Button variant="light" leftSection={<IconPencil size={16} />} onClick={() => setEditing(chosen)}>
              {t('statistics.editSelected', { count: chosen.length })}
            </Button>
          )}
          <ColumnsMenu {...columns} />
          <ExportMenu target="list" filters={filters} />
        </Group>
      </Group>
      <FilterBar filters={filters} onChange={(next) => setFilters(next)} />
      <Paper withBorder p="md" radius="md">
        {!data ? (
          isLoading ? (
            <Skeleton h={240} />
          ) : (
            <LoadFailed>{t('statistics.failed')}</LoadFailed>
          )
        ) : rows.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            {t('statistics.empty')}
          </Text>
        ) : (
          <Stack>
            <ShowsTable
              rows={rows}
              columns={tableColumns}
              minWidth={columns.shown.length * 96}
              selection={canEdit ? selection : null}
              onEdit={(row) => setEditing([row])}
            />
          </Stack>
        )}
        {data && (
          <Stack mt="md">
            <ListFooter
              total={data.total}
              page={page}
              limit={limit}
              defaultLimit={STATISTIC_PAGE_SIZES[0]}
              onPage={(p) => setExtra({ page: p > 1 ? p : undefined })}
              onLimit={(l) =>
                setExtra({
                  page: undefined,
                  limit: l === STATISTIC_PAGE_SIZES[0] ? undefined : l,
                })
              }
            />
          </Stack>
        )}
      </Paper>
      <SpoolList />
      {editing && (
        <EditRowsModal rows={editing} onClose={() => setEditing(null)} onSaved={() => selection.clear()} />
      )}
    </Stack>
  );
}
