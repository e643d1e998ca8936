import { Suspense, useMemo } from 'react';
import { Box, Group, Loader, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { impressionsChart } from './chart';
import { useExchange } from './impressions.api';
import { FilterBar, SeriesChart, useNumbers, useFilterSearch } from '../statistics';
import { LoadFailed } from '../../lib/LoadFailed';

type Exchange = NonNullable<ReturnType<typeof useExchange>['data']>;

/** Every day's numbers by source, and the totals. */
function ImpressionsTable({ data, sourceName }: { data: Exchange; sourceName: (source: string) => string }) {
  const { t } = useTranslation();
  const n = useNumbers();
  return (
    <Table.ScrollContainer minWidth={620}>
      <Table striped highlightOnHover>
        <Table.Caption>{t('impressions.tableCaption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('impressions.date')}</Table.Th>
            <Table.Th>{t('statistics.columns.source')}</Table.Th>
            <Table.Th ta="right">{t('statistics.columns.shows')}</Table.Th>
            <Table.Th ta="right">{t('statistics.columns.impressions')}</Table.Th>
            <Table.Th ta="right">{t('statistics.columns.revenue')}</Table.Th>
            <Table.Th ta="right">{t('statistics.columns.cost')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.rows.map((r) => (
            <Table.Tr key={`${r.date}|${r.source}`}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{r.date}</Table.Td>
              <Table.Td>{sourceName(r.source)}</Table.Td>
              <Table.Td ta="right">{n.int(r.shows)}</Table.Td>
              <Table.Td ta="right">{n.dec(r.impressions)}</Table.Td>
              <Table.Td ta="right">{n.money(r.revenue)}</Table.Td>
              <Table.Td ta="right">{n.money(r.cost)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row" colSpan={2}>
              {t('statistics.total')}
            </Table.Th>
            <Table.Td ta="right" fw={700}>
              {n.int(data.totals.shows)}
            </Table.Td>
            <Table.Td ta="right" fw={700}>
              {n.dec(data.totals.impressions)}
            </Table.Td>
            <Table.Td ta="right" fw={700}>
              {n.money(data.totals.revenue)}
            </Table.Td>
            <Table.Td ta="right" fw={700}>
              {n.money(data.totals.cost)}
            </Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}

/** /impressions: impressions per day by source over a period, with every day's numbers and the totals. */
export function ImpressionsPage() {
  const { t, i18n } = useTranslation();
  const n = useNumbers();
  const { filters, setFilters } = useFilterSearch();
  const { data, isLoading, isFetching } = useExchange(filters);
  const sourceName = (source: string) =>
    i18n.exists(`statistics.sources.${source}`) ? t(`statistics.sources.${source}`) : source;
  const chart = useMemo(
    () => impressionsChart(data?.rows ?? [], filters.from, filters.to),
    [data, filters.from, filters.to],
  );
  return (
    <Stack>
      <Group gap="sm">
        <Title order={1} size="h2">
          {t('menu.impressions')}
        </Title>
        {isFetching && !isLoading && <Loader size="xs" aria-label={t('statistics.loading')} />}
      </Group>
      <FilterBar filters={filters} onChange={(next) => setFilters(next)} ids={false} />
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="impressions-chart">
        <Title order={2} size="h5" id="impressions-chart" mb="sm">
          {t('impressions.chartTitle')}
        </Title>
        {!data ? (
          isLoading ? (
            <Skeleton h={320} />
          ) : (
            <LoadFailed>{t('statistics.failed')}</LoadFailed>
          )
        ) : data.rows.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            {t('impressions.empty')}
          </Text>
        ) : (
          <Stack>
            <Box
              role="img"
              aria-label={t('impressions.chartSummary', {
                count: chart.days.length,
                total: n.dec(data.totals.impressions),
              })}
            >
              <Suspense fallback={<Skeleton h={320} />}>
                <SeriesChart
                  testId="impressions-chart"
                  locale={n.locale}
                  categories={chart.days}
                  series={chart.series.map((s) => ({
                    name: sourceName(s.source),
                    type: 'bar',
                    stack: 'impressions',
                    data: s.data,
                    color: s.color,
                  }))}
                />
              </Suspense>
            </Box>
            <ImpressionsTable data={data} sourceName={sourceName} />
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}
