import { useState, type ReactNode } from 'react';
import { Group, Pagination, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReportTotals } from '@vitrine/core';
import { useNumbers } from './format';

/** Rows of a report table per page (the table pages itself: a report answers whole). */
const TABLE_PAGE = 24;

export interface Column<Row> {
  key: string;
  label: string;
  numeric?: boolean;
  value: (row: Row) => ReactNode;
  total?: (totals: ReportTotals) => ReactNode;
}

export function useMetricColumns<Row extends ReportTotals>(): Column<Row>[] {
  const { t } = useTranslation();
  const n = useNumbers();
  return [
    {
      key: 'shows',
      label: t('statistics.columns.shows'),
      numeric: true,
      value: (r) => n.int(r.shows),
      total: (x) => n.int(x.shows),
    },
    {
      key: 'seconds',
      label: t('statistics.columns.seconds'),
      numeric: true,
      value: (r) => n.duration(r.seconds),
      total: (x) => n.duration(x.seconds),
    },
    {
      key: 'impressions',
      label: t('statistics.columns.impressions'),
      numeric: true,
      value: (r) => n.dec(r.impressions),
      total: (x) => n.dec(x.impressions),
    },
    {
      key: 'revenue',
      label: t('statistics.columns.revenue'),
      numeric: true,
      value: (r) => n.money(r.revenue),
      total: (x) => n.money(x.revenue),
    },
    {
      key: 'cost',
      label: t('statistics.columns.cost'),
      numeric: true,
      value: (r) => n.money(r.cost),
      total: (x) => n.money(x.cost),
    },
  ];
}

/** A report's rows with a totals row at its foot, paged on the client. */
export function ReportTable<Row>({
  caption,
  rows,
  columns,
  totals,
  rowKey,
}: {
  caption: string;
  rows: Row[];
  columns: Column<Row>[];
  totals: ReportTotals;
  rowKey: (row: Row) => string;
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(rows.length / TABLE_PAGE));
  const current = Math.min(page, pages);
  const shown = rows.slice((current - 1) * TABLE_PAGE, current * TABLE_PAGE);
  return (
    <Stack gap="xs">
      <Table.ScrollContainer minWidth={640}>
        <Table striped highlightOnHover stickyHeader>
          <Table.Caption>{caption}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => (
                <Table.Th key={c.key} ta={c.numeric ? 'right' : undefined}>
                  {c.label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((row) => (
              <Table.Tr key={rowKey(row)}>
                {columns.map((c) => (
                  <Table.Td key={c.key} ta={c.numeric ? 'right' : undefined}>
                    {c.value(row)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr fw={700}>
              {columns.map((c, i) =>
                i === 0 ? (
                  <Table.Th key={c.key} scope="row">
                    {t('statistics.total')}
                  </Table.Th>
                ) : (
                  <Table.Td key={c.key} ta={c.numeric ? 'right' : undefined} fw={700}>
                    {c.total?.(totals) ?? ''}
                  </Table.Td>
                ),
              )}
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
      {pages > 1 && (
        <Group justify="flex-end">
          <Pagination
            total={pages}
            value={current}
            onChange={setPage}
            size="sm"
            getControlProps={(control) =>
              control === 'previous' || control === 'next'
                ? { 'aria-label': t(control === 'previous' ? 'common.previousPage' : 'common.nextPage') }
                : {}
            }
          />
        </Group>
      )}
    </Stack>
  );
}

export function Empty() {
  const { t } = useTranslation();
  return (
    <Text c="dimmed" ta="center" py="xl">
      {t('statistics.empty')}
    </Text>
  );
}
