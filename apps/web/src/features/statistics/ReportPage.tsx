import { Suspense, lazy, useMemo, useState, type ReactNode } from 'react';
import {
  Box,
  Group,
  Loader,
  Pagination,
  SegmentedControl,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FileReportRow, HourReportRow, InstanceReportRow, ReportTotals } from '@vitrine/core';
import { periodDays } from '@vitrine/core';
import { FilterBar } from './FilterBar';
import { ExportMenu, SpoolList } from './Exports';
import { useNumbers } from './format';
import { addDays, type StatFilters } from './filters';
import { useReport, type ReportView } from './statistics.api';
import { useFilterSearch } from './useFilterSearch';

const SeriesChart = lazy(() => import('./StatisticsCharts').then((m) => ({ default: m.SeriesChart })));

const REPORT_VIEWS: readonly ReportView[] = ['hour', 'instances', 'files'];
/** Rows of a report table per page (the table pages itself: a report answers whole). */
const TABLE_PAGE = 24;

/** The sums over the period as a row of figures. */
function TotalsBar({ totals, loading }: { totals: ReportTotals | undefined; loading: boolean }) {
  const { t } = useTranslation();
  const n = useNumbers();
  const items: [keyof ReportTotals, string][] = totals
    ? [
        ['shows', n.int(totals.shows)],
        ['seconds', n.duration(totals.seconds)],
        ['impressions', n.dec(totals.impressions)],
        ['revenue', n.money(totals.revenue)],
        ['cost', n.money(totals.cost)],
      ]
    : [];
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} component="section" aria-label={t('statistics.totals')}>
      {totals
        ? items.map(([key, value]) => (
            <Paper
              key={key}
              withBorder
              p="sm"
              radius="md"
              role="group"
              aria-label={t(`statistics.columns.${key}`)}
            >
              <Text size="xs" c="dimmed" tt="uppercase" fw={600} aria-hidden>
                {t(`statistics.columns.${key}`)}
              </Text>
              <Text fz={22} fw={700} data-testid={`total-${key}`}>
                {value}
              </Text>
            </Paper>
          ))
        : Array.from({ length: 5 }, (_, i) => <Skeleton key={i} h={66} radius="md" visible={loading} />)}
    </SimpleGrid>
  );
}

interface Column<Row> {
  key: string;
  label: string;
  numeric?: boolean;
  value: (row: Row) => ReactNode;
  total?: (totals: ReportTotals) => ReactNode;
}

function useMetricColumns<Row extends ReportTotals>(): Column<Row>[] {
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
function ReportTable<Row>({
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

function Empty() {
  const { t } = useTranslation();
  return (
    <Text c="dimmed" ta="center" py="xl">
      {t('statistics.empty')}
    </Text>
  );
}

/** Longest period the chart can draw hour by hour. */
const HOURLY_MAX_DAYS = 31;

/**
 * Shows and impressions over the period, per hour or per day: per hour for a day or two, per day for
 * longer periods unless chosen otherwise (up to a month hour by hour).
 */
/** Per hour for a day or two, per day for longer periods unless chosen otherwise (up to a month by hour). */
function useStep(filters: StatFilters) {
  const days = periodDays(filters.from, filters.to);
  const [chosen, setChosen] = useState<'hour' | 'day' | null>(null);
  const daily = days > HOURLY_MAX_DAYS || (chosen ?? (days > 2 ? 'day' : 'hour')) === 'day';
  return { days, daily, choose: setChosen };
}

function HourChart({
  rows,
  filters,
  step,
}: {
  rows: HourReportRow[];
  filters: StatFilters;
  step: ReturnType<typeof useStep>;
}) {
  const { t } = useTranslation();
  const n = useNumbers();
  const { days, daily, choose: setChosen } = step;
  const { categories, shows, impressions } = useMemo(() => {
    const sums = new Map<string, { shows: number; impressions: number }>();
    for (const row of rows) {
      const key = daily ? row.hour.slice(0, 10) : row.hour;
      const sum = sums.get(key) ?? { shows: 0, impressions: 0 };
      sum.shows += row.shows;
      sum.impressions += row.impressions;
      sums.set(key, sum);
    }
    // Every day (or hour) of the period, so quiet ones read as zero rather than vanishing.
    const keys: string[] = [];
    for (let day = filters.from; day <= filters.to && keys.length < 800; day = addDays(day, 1)) {
      if (daily) keys.push(day);
      else for (let h = 0; h < 24; h++) keys.push(`${day} ${String(h).padStart(2, '0')}:00`);
    }
    return {
      categories: keys.map((k) => (daily ? k : k.slice(5))),
      shows: keys.map((k) => sums.get(k)?.shows ?? 0),
      impressions: keys.map((k) => Math.round((sums.get(k)?.impressions ?? 0) * 100) / 100),
    };
  }, [rows, daily, filters.from, filters.to]);
  const peak = Math.max(0, ...shows);
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs">
        <Title order={3} size="h6">
          {daily ? t('statistics.chartByDay') : t('statistics.chartByHour')}
        </Title>
        {days > 1 && days <= HOURLY_MAX_DAYS && (
          <SegmentedControl
            size="xs"
            aria-label={t('statistics.step')}
            value={daily ? 'day' : 'hour'}
            onChange={(value) => setChosen(value as 'hour' | 'day')}
            data={[
              { value: 'hour', label: t('statistics.steps.hour') },
              { value: 'day', label: t('statistics.steps.day') },
            ]}
          />
        )}
      </Group>
      <Box
        role="img"
        aria-label={t('statistics.chartSummary', {
          count: categories.length,
          peak: t('counts.shows', { count: peak }),
        })}
      >
        <Suspense fallback={<Skeleton h={320} />}>
          <SeriesChart
            testId="report-chart"
            locale={n.locale}
            categories={categories}
            series={[
              { name: t('statistics.columns.shows'), type: 'bar', data: shows, color: 'blue' },
              {
                name: t('statistics.columns.impressions'),
                type: 'line',
                data: impressions,
                color: 'orange',
                right: true,
              },
            ]}
          />
        </Suspense>
      </Box>
    </Stack>
  );
}

/** Hour rows summed per day of the screens' clocks ('YYYY-MM-DD'). */
function byDay(rows: HourReportRow[]): HourReportRow[] {
  const days = new Map<string, HourReportRow>();
  for (const row of rows) {
    const day = row.hour.slice(0, 10);
    const sum = days.get(day) ?? { hour: day, shows: 0, seconds: 0, impressions: 0, revenue: 0, cost: 0 };
    sum.shows += row.shows;
    sum.seconds += row.seconds;
    sum.impressions += row.impressions;
    sum.revenue += row.revenue;
    sum.cost += row.cost;
    days.set(day, sum);
  }
  return [...days.values()];
}

function ByHour({ filters }: { filters: StatFilters }) {
  const { t } = useTranslation();
  const metrics = useMetricColumns<HourReportRow>();
  const { data, isLoading } = useReport('hour', filters);
  const step = useStep(filters);
  // The table follows the chart: one row per day (headed Day) or per hour (headed Hour).
  const rows = useMemo(() => (step.daily ? byDay(data?.rows ?? []) : (data?.rows ?? [])), [data, step.daily]);
  if (!data) return isLoading ? <Skeleton h={320} /> : <Empty />;
  if (data.rows.length === 0) return <Empty />;
  return (
    <Stack>
      <HourChart rows={data.rows} filters={filters} step={step} />
      <ReportTable
        caption={t(step.daily ? 'statistics.captions.day' : 'statistics.captions.hour')}
        rows={rows}
        totals={data.totals}
        rowKey={(r) => r.hour}
        columns={[
          {
            key: 'hour',
            label: t(step.daily ? 'statistics.columns.day' : 'statistics.columns.hour'),
            value: (r) => r.hour,
          },
          ...metrics,
        ]}
      />
    </Stack>
  );
}

function ByInstances({ filters }: { filters: StatFilters }) {
  const { t } = useTranslation();
  const metrics = useMetricColumns<InstanceReportRow>();
  const { data, isLoading } = useReport('instances', filters);
  if (!data) return isLoading ? <Skeleton h={200} /> : <Empty />;
  if (data.rows.length === 0) return <Empty />;
  return (
    <ReportTable
      caption={t('statistics.captions.instances')}
      rows={data.rows}
      totals={data.totals}
      rowKey={(r) => String(r.pointId)}
      columns={[
        {
          key: 'name',
          label: t('statistics.columns.instance'),
          value: (r) => r.name ?? `#${r.pointId}`,
        },
        ...metrics,
      ]}
    />
  );
}

function ByFiles({ filters }: { filters: StatFilters }) {
  const { t } = useTranslation();
  const metrics = useMetricColumns<FileReportRow>();
  const { data, isLoading } = useReport('files', filters);
  if (!data) return isLoading ? <Skeleton h={200} /> : <Empty />;
  if (data.rows.length === 0) return <Empty />;
  return (
    <ReportTable
      caption={t('statistics.captions.files')}
      rows={data.rows}
      totals={data.totals}
      rowKey={(r) => `${r.playlistId ?? 0}-${r.fileId}`}
      columns={[
        {
          key: 'playlist',
          label: t('statistics.columns.playlist'),
          value: (r) =>
            r.playlist ?? (r.playlistId === null ? t('statistics.noPlaylist') : `#${r.playlistId}`),
        },
        { key: 'file', label: t('statistics.columns.file'), value: (r) => r.file ?? `#${r.fileId}` },
        ...metrics,
      ]}
    />
  );
}

/** /statistics/report: the report by hours, by instances and by files over shared filters (spec §2). */
export function ReportPage() {
  const { t } = useTranslation();
  const { search, filters, setFilters, setExtra } = useFilterSearch<{ view: ReportView }>();
  const view: ReportView = REPORT_VIEWS.includes(search.view as ReportView)
    ? (search.view as ReportView)
    : 'hour';
  // The figures above the table are the totals of the very report the table shows, so they always agree.
  const totals = useReport(view, filters);
  return (
    <Stack>
      <Group justify="space-between" align="center">
        <Group gap="sm">
          <Title order={1} size="h2">
            {t('menu.report')}
          </Title>
          {totals.isFetching && <Loader size="xs" aria-label={t('statistics.loading')} />}
        </Group>
        <ExportMenu target={view} filters={filters} />
      </Group>
      <FilterBar filters={filters} onChange={(next) => setFilters(next)} />
      <TotalsBar totals={totals.data?.totals} loading={totals.isLoading} />
      <Paper withBorder p="md" radius="md">
        <Tabs
          value={view}
          onChange={(value) => value && setExtra({ view: value as ReportView })}
          keepMounted={false}
        >
          <Tabs.List mb="md">
            {REPORT_VIEWS.map((v) => (
              <Tabs.Tab key={v} value={v}>
                {t(`statistics.views.${v}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="hour">
            <ByHour filters={filters} />
          </Tabs.Panel>
          <Tabs.Panel value="instances">
            <ByInstances filters={filters} />
          </Tabs.Panel>
          <Tabs.Panel value="files">
            <ByFiles filters={filters} />
          </Tabs.Panel>
        </Tabs>
      </Paper>
      <SpoolList />
    </Stack>
  );
}
