import { Suspense, lazy, useCallback, useMemo, useState } from 'react';
import {
  Anchor,
  Box,
  Button,
  Grid,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  SemiCircleProgress,
  Skeleton,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconChartBar, IconDeviceDesktopPlus } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { FULLNESS_RANGES, pointTabPath, type Dashboard, type FullnessRange } from '@vitrine/core';
import { usePermissions as useHas } from '../../lib/permissions';
import { TOP, byFullness, type PointRow } from './fullness';
import { FullnessPlanning } from './FullnessPlanning';
import { formatDuration, formatPercent } from '../../lib/time';

/** ECharts arrives with the first chart, not with the app. */
const FullnessBarsChart = lazy(() =>
  import('./FullnessCharts').then((m) => ({ default: m.FullnessBarsChart })),
);

/** Every screen's numbers as a table: the chart's text alternative, and a view of its own. */
function FullnessTable({ rows, links, caption }: { rows: PointRow[]; links: boolean; caption: string }) {
  const { t, i18n } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={460}>
      <Table striped highlightOnHover>
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('dashboard.screen')}</Table.Th>
            <Table.Th ta="right">{t('dashboard.fullnessColumn')}</Table.Th>
            <Table.Th ta="right">{t('dashboard.advertising')}</Table.Th>
            <Table.Th ta="right">{t('dashboard.workingTime')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((p) => (
            <Table.Tr key={p.id}>
              <Table.Td>
                {links ? (
                  <Anchor component={Link} to={pointTabPath('schedule', p.id)} size="sm">
                    {p.name}
                  </Anchor>
                ) : (
                  p.name
                )}
              </Table.Td>
              <Table.Td ta="right">{formatPercent(p.fullness, i18n.language)}</Table.Td>
              <Table.Td ta="right">{formatDuration(p.advertising)}</Table.Td>
              <Table.Td ta="right">{formatDuration(p.capacity)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function NoScreens() {
  const { t } = useTranslation();
  const has = useHas();
  return (
    <Stack align="center" gap="xs" py="xl">
      <ThemeIcon variant="light" size={48} radius="xl" aria-hidden>
        <IconDeviceDesktopPlus size={26} />
      </ThemeIcon>
      <Text fw={600}>{t('dashboard.noScreens')}</Text>
      <Text size="sm" c="dimmed" ta="center" maw={420}>
        {t('dashboard.noScreensText')}
      </Text>
      {has('point.route') && (
        <Button
          component={Link}
          to="/point"
          variant="light"
          leftSection={<IconDeviceDesktopPlus size={16} />}
        >
          {t('dashboard.addScreen')}
        </Button>
      )}
    </Stack>
  );
}

/**
 * The screens in order (byFullness), the first TOP of them unless all are asked for, the tooltip's lines
 * for each, and whether the role may open a screen's schedule from the chart.
 */
function useFullnessRows(fullness: Dashboard['fullness'], all: boolean) {
  const { t, i18n } = useTranslation();
  const has = useHas();
  const navigate = useNavigate();
  const percent = useCallback((x: number) => formatPercent(x, i18n.language), [i18n.language]);
  const sorted = useMemo(() => byFullness(fullness.points), [fullness.points]);
  const shown = useMemo(() => (all ? sorted : sorted.slice(0, TOP)), [sorted, all]);
  const canOpen = has('point.route') && has('point.schedule');
  const describe = useCallback(
    (index: number) => {
      const p = shown[index];
      if (!p) return [];
      return [
        p.name,
        t('dashboard.tooltipFullness', { value: percent(p.fullness) }),
        t('dashboard.tooltipAdvertising', { value: formatDuration(p.advertising) }),
        t('dashboard.tooltipWorking', { value: formatDuration(p.capacity) }),
      ];
    },
    [shown, t, percent],
  );
  const open = useCallback((id: number) => void navigate({ to: pointTabPath('schedule', id) }), [navigate]);
  return { percent, sorted, shown, canOpen, describe, open };
}

/** The average fullness as a half-circle gauge, a meter for assistive technology. */
function FullnessAverage({ fullness, average }: { fullness: Dashboard['fullness']; average: string }) {
  const { t } = useTranslation();
  return (
    <Stack align="center" gap={0}>
      <Box
        role="meter"
        aria-label={t('dashboard.average')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(fullness.average * 1000) / 10}
        aria-valuetext={average}
      >
        <SemiCircleProgress
          aria-hidden
          value={Math.min(100, fullness.average * 100)}
          size={240}
          thickness={18}
          transitionDuration={400}
          labelPosition="bottom"
          label={
            <Stack gap={2} align="center">
              <Text fz={40} fw={700} lh={1} data-testid="fullness-average">
                {average}
              </Text>
              <Text size="sm" c="dimmed">
                {t('dashboard.average')}
              </Text>
            </Stack>
          }
        />
      </Box>
      <Text size="sm" c="dimmed" ta="center" mt="sm" maw={300}>
        {t('dashboard.averageHelp', { count: fullness.points.length })}
      </Text>
    </Stack>
  );
}

/** The chart (with the table hidden beside it as its text alternative), summarised by its extremes. */
function FullnessChartView({ rows }: { rows: ReturnType<typeof useFullnessRows> }) {
  const { t } = useTranslation();
  const { sorted, shown, percent, describe, canOpen, open } = rows;
  const highest = sorted[0];
  const lowest = sorted.at(-1);
  return (
    <>
      <Box
        role="img"
        aria-label={t('dashboard.chartSummary', {
          count: sorted.length,
          highest: highest?.name ?? '',
          highestValue: percent(highest?.fullness ?? 0),
          lowest: lowest?.name ?? '',
          lowestValue: percent(lowest?.fullness ?? 0),
        })}
      >
        <Suspense fallback={<Skeleton h={shown.length * 30 + 44} />}>
          <FullnessBarsChart
            rows={shown}
            percent={percent}
            describe={describe}
            {...(canOpen ? { onOpen: open } : {})}
          />
        </Suspense>
      </Box>
      {canOpen && (
        <Text size="xs" c="dimmed">
          {t('dashboard.chartHint')}
        </Text>
      )}
      <VisuallyHidden>
        <FullnessTable rows={sorted} links={false} caption={t('dashboard.tableCaption')} />
      </VisuallyHidden>
    </>
  );
}

type View = 'chart' | 'table';

interface ByScreenProps {
  fullness: Dashboard['fullness'];
  view: View;
  setView: (view: View) => void;
  all: boolean;
  setAll: (change: (all: boolean) => boolean) => void;
}

/** Fullness by screen: chart or table, the top screens or all of them. */
function FullnessByScreen({ fullness, view, setView, all, setAll }: ByScreenProps) {
  const { t } = useTranslation();
  const rows = useFullnessRows(fullness, all);
  const { sorted, shown, canOpen } = rows;
  return (
    <>
      <Group justify="space-between" mb="xs" gap="xs">
        <Title order={3} size="h6">
          {t('dashboard.byScreen')}
        </Title>
        <SegmentedControl
          size="xs"
          aria-label={t('dashboard.view')}
          value={view}
          onChange={(v) => setView(v as View)}
          data={[
            { value: 'chart', label: t('dashboard.chart') },
            { value: 'table', label: t('dashboard.table') },
          ]}
        />
      </Group>
      {view === 'chart' ? (
        <FullnessChartView rows={rows} />
      ) : (
        <FullnessTable rows={shown} links={canOpen} caption={t('dashboard.tableCaption')} />
      )}
      {sorted.length > TOP && (
        <UnstyledButton mt="xs" c="blue" fz="sm" onClick={() => setAll((x) => !x)} aria-expanded={all}>
          {all ? t('dashboard.showTop', { count: TOP }) : t('dashboard.showAll', { count: sorted.length })}
        </UnstyledButton>
      )}
    </>
  );
}

interface FullnessProps {
  data: Dashboard;
  range: FullnessRange;
  onRange: (range: FullnessRange) => void;
  refreshing: boolean;
}

/** Broadcast fullness over a range: the average and each screen's (spec §2), or a prompt to add a screen. */
export function Fullness({ data, range, onRange, refreshing }: FullnessProps) {
  const { t, i18n } = useTranslation();
  const [view, setView] = useState<View>('chart');
  const [all, setAll] = useState(false);
  const { fullness } = data;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="fullness-title">
      <Group justify="space-between" align="flex-start" gap="sm" mb="xs">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" size="lg" radius="md" aria-hidden>
            <IconChartBar size={20} />
          </ThemeIcon>
          <Title order={2} size="h4" id="fullness-title">
            {t('dashboard.fullness')}
          </Title>
          {refreshing && <Loader size="xs" aria-label={t('dashboard.loading')} />}
        </Group>
        <SegmentedControl
          aria-label={t('dashboard.range')}
          value={range}
          onChange={(value) => onRange(value as FullnessRange)}
          data={FULLNESS_RANGES.map((r) => ({ value: r, label: t(`dashboard.ranges.${r}`) }))}
          style={{ maxWidth: '100%' }}
        />
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        {t('dashboard.fullnessHelp', { range: t(`dashboard.ranges.${fullness.range}`) })}{' '}
        {t('dashboard.days', { days: fullness.days })}
      </Text>
      <FullnessPlanning data={data} />
      {data.points.total === 0 ? (
        <NoScreens />
      ) : (
        <Grid gap="xl" style={{ opacity: refreshing ? 0.6 : 1, transition: 'opacity 150ms' }}>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <FullnessAverage fullness={fullness} average={formatPercent(fullness.average, i18n.language)} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <FullnessByScreen fullness={fullness} view={view} setView={setView} all={all} setAll={setAll} />
          </Grid.Col>
        </Grid>
      )}
    </Paper>
  );
}
