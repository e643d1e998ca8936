import { Suspense, useMemo, useState } from 'react';
import {
  Box,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Audience, Point } from '@vitrine/core';
import { SeriesChart, useNumbers, type Preset } from '../statistics';
import { useAudience } from './points.api';
import { HOURS, audienceByHour, audienceTotals, hourLabel, type AudienceHour } from './audienceHours';

const RANGES: Preset[] = ['7d', '30d', '90d'];

/**
 * A screen's audience: its settings (viewers, per hour or flat) and, over a period, its shows and the
 * impressions they made per hour of its day: each show counts the audience the screen measured in its hour,
 * else the setting. The table says how many hours of the period the screen measured.
 */
export function PointAudience({ point }: { point: Point }) {
  const { t } = useTranslation();
  const [range, setRange] = useState<Preset>('7d');
  const { data, isLoading } = useAudience(point.id, range);
  const audience = useMemo(() => point.audience ?? { viewers: 0, perHour: null }, [point.audience]);
  const byHour = useMemo(
    () => audienceByHour(data?.rows ?? [], point.id, audience),
    [data, point.id, audience],
  );
  const totals = audienceTotals(byHour);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="audience-report">
      <Stack>
        <Group justify="space-between" align="center">
          <Title order={2} size="h4" id="audience-report">
            {t('audience.title')}
          </Title>
          <SegmentedControl
            aria-label={t('statistics.range')}
            value={range}
            onChange={(value) => setRange(value as Preset)}
            data={RANGES.map((r) => ({ value: r, label: t(`statistics.presets.${r}`) }))}
          />
        </Group>
        <AudienceFigures audience={audience} totals={totals} loaded={Boolean(data)} />
        {!audience.viewers && !audience.perHour && totals.measuredHours === 0 && (
          <Text size="sm" c="dimmed">
            {t('audience.noViewers')}
          </Text>
        )}
        {!data && isLoading ? (
          <Skeleton h={280} />
        ) : (
          <>
            <AudienceChart byHour={byHour} totals={totals} />
            <AudienceTable byHour={byHour} />
          </>
        )}
      </Stack>
    </Paper>
  );
}

type Totals = ReturnType<typeof audienceTotals>;

/** The setting, and the period's shows and impressions. */
function AudienceFigures({
  audience,
  totals,
  loaded,
}: {
  audience: Audience;
  totals: Totals;
  loaded: boolean;
}) {
  const { t } = useTranslation();
  const n = useNumbers();
  const perHour = audience.perHour;
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      <Paper withBorder p="sm" radius="md">
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          {t('audience.settings')}
        </Text>
        <Text fw={600}>
          {perHour
            ? t('audience.perHourSet', {
                min: n.dec(Math.min(...perHour)),
                count: Math.max(...perHour),
              })
            : t('audience.flat', { count: audience.viewers })}
        </Text>
        {loaded && (
          <Text size="xs" c="dimmed" mt={4} data-testid="audience-measured">
            {totals.measuredHours > 0
              ? t('audience.measured', { hours: n.int(totals.measuredHours) })
              : t('audience.notMeasured')}
          </Text>
        )}
      </Paper>
      <Paper withBorder p="sm" radius="md">
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          {t('statistics.columns.shows')}
        </Text>
        <Text fz={22} fw={700} data-testid="audience-shows">
          {n.int(totals.shows)}
        </Text>
      </Paper>
      <Paper withBorder p="sm" radius="md">
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          {t('statistics.columns.impressions')}
        </Text>
        <Text fz={22} fw={700}>
          {n.dec(totals.impressions)}
        </Text>
      </Paper>
    </SimpleGrid>
  );
}

/** Shows (bars) and impressions (line) per hour of the screen's day. */
function AudienceChart({ byHour, totals }: { byHour: AudienceHour[]; totals: Totals }) {
  const { t } = useTranslation();
  const n = useNumbers();
  return (
    <Box
      role="img"
      aria-label={
        totals.shows === 0
          ? t('audience.chartEmpty')
          : t('audience.chartSummary', {
              hour: hourLabel(totals.busiest.hour),
              shows: t('counts.shows', { count: totals.busiest.shows }),
              impressions: t('counts.impressions', { count: totals.busiest.impressions }),
            })
      }
    >
      <Suspense fallback={<Skeleton h={280} />}>
        <SeriesChart
          testId="audience-chart"
          height={280}
          locale={n.locale}
          categories={HOURS.map(hourLabel)}
          series={[
            {
              name: t('statistics.columns.shows'),
              type: 'bar',
              data: byHour.map((r) => r.shows),
              color: 'blue',
            },
            {
              name: t('statistics.columns.impressions'),
              type: 'line',
              data: byHour.map((r) => Math.round(r.impressions * 100) / 100),
              color: 'teal',
              right: true,
            },
          ]}
        />
      </Suspense>
    </Box>
  );
}

/** The hours of the day as a table, with how many of them the screen measured. */
function AudienceTable({ byHour }: { byHour: AudienceHour[] }) {
  const { t } = useTranslation();
  const n = useNumbers();
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table striped>
        <Table.Caption>{t('audience.tableCaption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('statistics.columns.hour')}</Table.Th>
            <Table.Th ta="right">{t('audience.perShow')}</Table.Th>
            <Table.Th ta="right">{t('statistics.columns.shows')}</Table.Th>
            <Table.Th ta="right">{t('statistics.columns.impressions')}</Table.Th>
            <Table.Th ta="right">{t('audience.measuredHours')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {byHour.map((r) => (
            <Table.Tr key={r.hour}>
              <Table.Td>{hourLabel(r.hour)}</Table.Td>
              <Table.Td ta="right">{n.dec(r.viewers)}</Table.Td>
              <Table.Td ta="right">{n.int(r.shows)}</Table.Td>
              <Table.Td ta="right">{n.dec(r.impressions)}</Table.Td>
              <Table.Td ta="right">{n.int(r.measuredHours)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
