import { Suspense, lazy, useMemo, useState } from 'react';
import { Box, Group, SegmentedControl, Skeleton, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { HourReportRow } from '@vitrine/core';
import { periodDays } from '@vitrine/core';
import { useNumbers } from './format';
import type { StatFilters } from './filters';
import { HOURLY_MAX_DAYS, hourSeries, isDaily } from './reportSeries';

const SeriesChart = lazy(() => import('./StatisticsCharts').then((m) => ({ default: m.SeriesChart })));

/** Per hour for a day or two, per day for longer periods unless chosen otherwise (up to a month by hour). */
export function useStep(filters: StatFilters) {
  const days = periodDays(filters.from, filters.to);
  const [chosen, setChosen] = useState<'hour' | 'day' | null>(null);
  const daily = isDaily(days, chosen);
  return { days, daily, choose: setChosen };
}

/**
 * Shows and impressions over the period, per hour or per day: per hour for a day or two, per day for
 * longer periods unless chosen otherwise (up to a month hour by hour).
 */
export function HourChart({
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
  const { categories, shows, impressions } = useMemo(
    () => hourSeries(rows, filters.from, filters.to, daily),
    [rows, daily, filters.from, filters.to],
  );
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
