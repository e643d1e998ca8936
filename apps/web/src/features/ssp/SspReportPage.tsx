import { Suspense, useMemo } from 'react';
import { Alert, Box, Group, Loader, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { periodDays, type SspReport } from '@vitrine/core';
import { DataTable, type Column } from '../../lib/list/DataTable';
import { ListHeader } from '../../lib/list/ListKit';
import { addDays, SeriesChart, useNumbers } from '../statistics';
import { SspReconciliationView } from './SspReconciliation';
import { SspPager } from './SspPager';
import { Figures, SspExportMenu, useSspPage, when } from './SspShared';
import { useSspReport, useSspReportHours, type SspRange } from './ssp.api';

type ReportRow = SspReport['data'][number];
const SOURCES = ['auction', 'manual', 'leftover'] as const;
const SOURCE_COLORS = { auction: 'blue', manual: 'teal', leftover: 'orange' } as const;
/** Longest range the chart draws hour by hour; longer ones go by day. */
const HOURLY_MAX_DAYS = 7;

/** Income per hour (or per day for a long range), stacked by source; every hour of the range shown. */
function IncomeChart({ range, currency }: { range: SspRange; currency: string }) {
  const { t } = useTranslation();
  const n = useNumbers();
  const { data: rows } = useSspReportHours(range);
  const daily = periodDays(range.from, range.to) > HOURLY_MAX_DAYS;
  const { categories, series, peak } = useMemo(() => {
    const sums = new Map<string, number>();
    for (const row of rows ?? []) {
      const key = `${daily ? row.datetime.slice(0, 10) : row.datetime.slice(0, 13)}|${row.source}`;
      sums.set(key, (sums.get(key) ?? 0) + Number(row.revenue));
    }
    const keys: string[] = [];
    for (let day = range.from; day <= range.to && keys.length < 800; day = addDays(day, 1)) {
      if (daily) keys.push(day);
      else for (let h = 0; h < 24; h++) keys.push(`${day}T${String(h).padStart(2, '0')}`);
    }
    const totals = keys.map((k) => SOURCES.reduce((sum, s) => sum + (sums.get(`${k}|${s}`) ?? 0), 0));
    return {
      categories: keys.map((k) => (daily ? k : `${k.slice(5, 10)} ${k.slice(11)}:00`)),
      series: SOURCES.map((source) => ({
        name: t(`ssp.sources.${source}`),
        type: 'bar' as const,
        stack: 'income',
        color: SOURCE_COLORS[source],
        data: keys.map((k) => Math.round((sums.get(`${k}|${source}`) ?? 0) * 1e6) / 1e6),
      })),
      peak: Math.max(0, ...totals),
    };
  }, [rows, daily, range.from, range.to, t]);
  return (
    <Stack gap={4}>
      <Title order={2} size="h5">
        {daily ? t('ssp.chartByDay') : t('ssp.chartByHour')}
        {currency && `, ${currency}`}
      </Title>
      <Box role="img" aria-label={t('ssp.chartSummary', { count: categories.length, peak: n.dec(peak) })}>
        {rows ? (
          <Suspense fallback={<Skeleton h={280} />}>
            <SeriesChart
              testId="ssp-chart"
              locale={n.locale}
              categories={categories}
              series={series}
              height={280}
            />
          </Suspense>
        ) : (
          <Skeleton h={280} />
        )}
      </Box>
    </Stack>
  );
}

function ByHours({ range, paging }: { range: SspRange; paging: ReturnType<typeof useSspPage>['paging'] }) {
  const { t, i18n } = useTranslation();
  const { data } = useSspReport(range, paging.page, paging.limit);
  // Income is in its suppliers' currency: named in the column and the totals ('Revenue, USD').
  const currency = data?.currencies.join(', ') ?? '';
  const revenue = currency ? `${t('ssp.revenue')}, ${currency}` : t('ssp.revenue');
  const columns: Column<ReportRow>[] = [
    { key: 'datetime', header: t('ssp.hourUtc'), nowrap: true, cell: (r) => when(r.datetime, i18n.language) },
    { key: 'source', header: t('ssp.source'), cell: (r) => t(`ssp.sources.${r.source}`) },
    { key: 'shows', header: t('ssp.shows'), align: 'right', cell: (r) => r.shows },
    { key: 'impressions', header: t('ssp.impressions'), align: 'right', cell: (r) => r.impressions },
    { key: 'revenue', header: revenue, align: 'right', cell: (r) => r.revenue },
  ];
  if (!data) return <Loader />;
  return (
    <Stack>
      <Figures
        label={t('ssp.totals')}
        items={[
          { label: t('ssp.shows'), value: String(data.totals.shows) },
          { label: t('ssp.impressions'), value: data.totals.impressions },
          {
            label: t('ssp.revenue'),
            value: currency ? `${data.totals.revenue} ${currency}` : data.totals.revenue,
          },
        ]}
      />
      <IncomeChart range={range} currency={currency} />
      <DataTable
        rows={data.data}
        rowKey={(r) => Date.parse(r.datetime) * 4 + SOURCES.indexOf(r.source)}
        columns={columns}
        label={t('ssp.byHours')}
        minWidth={560}
        empty={<Text>{t('ssp.empty')}</Text>}
      />
      <SspPager total={data.total} {...paging} />
    </Stack>
  );
}

/** /ssp/report: ad income by hours and source with totals and a chart; and the reconciliation. */
export function SspReportPage() {
  const { t } = useTranslation();
  const { range, paging, filterBar, search, setExtra } = useSspPage();
  const view = search.view === 'reconciliation' ? 'reconciliation' : 'hours';
  return (
    <Stack>
      <ListHeader title={t('menu.sspReport')}>
        <Group gap="xs">{view === 'hours' && <SspExportMenu what="report" range={range} />}</Group>
      </ListHeader>
      <Alert
        color="blue"
        variant="light"
        icon={<IconClock size={18} aria-hidden />}
        data-testid="ssp-report-delay"
      >
        {t('ssp.reportDelay')}
      </Alert>
      {filterBar}
      <Tabs
        value={view}
        onChange={(value) => setExtra({ view: value === 'reconciliation' ? 'reconciliation' : undefined })}
      >
        <Tabs.List>
          <Tabs.Tab value="hours">{t('ssp.byHours')}</Tabs.Tab>
          <Tabs.Tab value="reconciliation">{t('ssp.reconciliation')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="hours" pt="md">
          {view === 'hours' && <ByHours range={range} paging={paging} />}
        </Tabs.Panel>
        <Tabs.Panel value="reconciliation" pt="md">
          {view === 'reconciliation' && <SspReconciliationView range={range} paging={paging} />}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
