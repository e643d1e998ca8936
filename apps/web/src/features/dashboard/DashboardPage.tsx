import { Suspense, lazy, useCallback, useMemo, useState, type ReactNode } from 'react';
import {
  Anchor,
  Box,
  Button,
  Grid,
  Group,
  Loader,
  Paper,
  Progress,
  SegmentedControl,
  SemiCircleProgress,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconChartBar,
  IconDatabase,
  IconDeviceDesktop,
  IconDeviceDesktopPlus,
  IconPlaylist,
} from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { FULLNESS_RANGES, formatSize, pointTabPath, type Dashboard, type FullnessRange } from '@vitrine/core';
import { useUserInfo } from '../auth';
import { HowToStart } from '../onboarding';
import { useDashboard } from './dashboard.api';
import { BillingCard } from '../funds';
import { formatDuration, formatPercent } from '../../lib/time';
import { usePermissions } from '../../lib/permissions';
import { LoadFailed } from '../../lib/LoadFailed';

/** ECharts arrives with the first chart, not with the app. */
const FullnessBarsChart = lazy(() =>
  import('./FullnessCharts').then((m) => ({ default: m.FullnessBarsChart })),
);

/** Screens shown before 'Show all'. */
const TOP = 30;

type PointRow = Dashboard['fullness']['points'][number];

const useHas = usePermissions;

function StatCard({
  title,
  icon,
  color,
  value,
  children,
}: {
  title: string;
  icon: ReactNode;
  color: string;
  value: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" mb="sm">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" color={color} size="lg" radius="md" aria-hidden>
            {icon}
          </ThemeIcon>
          <Title order={2} size="h5">
            {title}
          </Title>
        </Group>
        <Text fz={28} fw={700} lh={1}>
          {value}
        </Text>
      </Group>
      {children}
    </Paper>
  );
}

/** One line of a card: a colored dot, a label and a count; a link to the list when the role has it. */
function CountRow({ label, count, color, to }: { label: string; count: number; color: string; to?: string }) {
  const content = (
    <Group justify="space-between" wrap="nowrap" py={4}>
      <Group gap={8} wrap="nowrap">
        <Box w={10} h={10} bg={`${color}.6`} style={{ borderRadius: '50%', flexShrink: 0 }} aria-hidden />
        <Text size="sm">{label}</Text>
      </Group>
      <Text size="sm" fw={600}>
        {count}
      </Text>
    </Group>
  );
  return to ? (
    <Anchor component={Link} to={to} underline="hover" c="inherit">
      {content}
    </Anchor>
  ) : (
    content
  );
}

function SpaceCard({ space }: { space: Dashboard['space'] }) {
  const { t, i18n } = useTranslation();
  const has = useHas();
  const share = space.quota > 0 ? Math.min(1, space.used / space.quota) : 0;
  // A few kilobytes of gigabytes would read 0%: say it is under a tenth of a percent instead.
  const percent =
    share > 0 && share < 0.001
      ? `< ${formatPercent(0.001, i18n.language)}`
      : formatPercent(share, i18n.language);
  return (
    <StatCard
      title={t('dashboard.space')}
      icon={<IconDatabase size={20} />}
      color="grape"
      value={space.quota > 0 ? percent : formatSize(space.used)}
    >
      <Stack gap={6}>
        <Progress.Root
          size="lg"
          radius="xl"
          role="progressbar"
          aria-label={t('dashboard.spaceUsedLabel')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(share * 1000) / 10}
          aria-valuetext={percent}
        >
          <Progress.Section
            withAria={false}
            value={share * 100}
            color={share > 0.9 ? 'red' : share > 0.75 ? 'orange' : 'grape'}
          />
        </Progress.Root>
        <Text size="sm">
          {t('dashboard.spaceUsed', { used: formatSize(space.used), quota: formatSize(space.quota) })}
        </Text>
        {has('files.route') && (
          <Anchor component={Link} to="/files" size="sm">
            {t('dashboard.openGallery')}
          </Anchor>
        )}
      </Stack>
    </StatCard>
  );
}

function ScreensCard({ points }: { points: Dashboard['points'] }) {
  const { t } = useTranslation();
  const has = useHas();
  // The list has no filters in its address yet: every line opens it whole.
  const to = has('point.route') ? '/point' : undefined;
  return (
    <StatCard
      title={t('dashboard.screens')}
      icon={<IconDeviceDesktop size={20} />}
      color="blue"
      value={points.total}
    >
      <CountRow label={t('points.statuses.ONLINE')} count={points.online} color="green" to={to} />
      <CountRow label={t('points.statuses.OFFLINE')} count={points.offline} color="gray" to={to} />
      <CountRow label={t('dashboard.withoutContent')} count={points.withoutContent} color="orange" to={to} />
    </StatCard>
  );
}

function PlaylistsCard({ playlists }: { playlists: Dashboard['playlists'] }) {
  const { t } = useTranslation();
  const has = useHas();
  const to = has('playlist.route') ? '/playlist' : undefined;
  return (
    <StatCard
      title={t('dashboard.playlists')}
      icon={<IconPlaylist size={20} />}
      color="teal"
      value={playlists.active + playlists.expiring + playlists.expired}
    >
      <CountRow label={t('playlists.expiration.ACTIVE')} count={playlists.active} color="green" to={to} />
      <CountRow
        label={t('playlists.expiration.EXPIRING')}
        count={playlists.expiring}
        color="orange"
        to={to}
      />
      <CountRow label={t('playlists.expiration.EXPIRED')} count={playlists.expired} color="gray" to={to} />
    </StatCard>
  );
}

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

function Fullness({
  data,
  range,
  onRange,
  refreshing,
}: {
  data: Dashboard;
  range: FullnessRange;
  onRange: (range: FullnessRange) => void;
  refreshing: boolean;
}) {
  const { t, i18n } = useTranslation();
  const has = useHas();
  const navigate = useNavigate();
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const [all, setAll] = useState(false);
  const { fullness } = data;
  const percent = useCallback((x: number) => formatPercent(x, i18n.language), [i18n.language]);
  const sorted = useMemo(
    () =>
      [...fullness.points].sort(
        (a, b) => b.fullness - a.fullness || a.name.localeCompare(b.name) || a.id - b.id,
      ),
    [fullness.points],
  );
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
  const highest = sorted[0];
  const lowest = sorted.at(-1);
  const average = percent(fullness.average);
  const caption = t('dashboard.tableCaption');

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
      {fullness.pending > 0 && (
        <Text size="sm" c="blue" mb="md" role="status" data-testid="fullness-pending">
          {t('dashboard.pending', { count: fullness.pending })}
        </Text>
      )}
      {data.points.total === 0 ? (
        <NoScreens />
      ) : (
        <Grid gap="xl" style={{ opacity: refreshing ? 0.6 : 1, transition: 'opacity 150ms' }}>
          <Grid.Col span={{ base: 12, md: 4 }}>
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
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Group justify="space-between" mb="xs" gap="xs">
              <Title order={3} size="h6">
                {t('dashboard.byScreen')}
              </Title>
              <SegmentedControl
                size="xs"
                aria-label={t('dashboard.view')}
                value={view}
                onChange={(v) => setView(v as 'chart' | 'table')}
                data={[
                  { value: 'chart', label: t('dashboard.chart') },
                  { value: 'table', label: t('dashboard.table') },
                ]}
              />
            </Group>
            {view === 'chart' ? (
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
                  <FullnessTable rows={sorted} links={false} caption={caption} />
                </VisuallyHidden>
              </>
            ) : (
              <FullnessTable rows={shown} links={canOpen} caption={caption} />
            )}
            {sorted.length > TOP && (
              <UnstyledButton mt="xs" c="blue" fz="sm" onClick={() => setAll((x) => !x)} aria-expanded={all}>
                {all
                  ? t('dashboard.showTop', { count: TOP })
                  : t('dashboard.showAll', { count: sorted.length })}
              </UnstyledButton>
            )}
          </Grid.Col>
        </Grid>
      )}
    </Paper>
  );
}

/** '/': the cabinet at a glance (spec §2): space, screens, playlists and broadcast fullness. */
export function DashboardPage() {
  const { t } = useTranslation();
  const [range, setRange] = useState<FullnessRange>('1d');
  const { data, isLoading, isFetching, isPlaceholderData } = useDashboard(range);
  const { data: me } = useUserInfo();
  return (
    <Stack>
      <Title order={1} size="h2">
        {t('menu.dashboard')}
      </Title>
      {me && <HowToStart info={me} />}
      {!data ? (
        isLoading ? (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-busy aria-label={t('dashboard.loading')}>
            <Skeleton h={150} radius="md" />
            <Skeleton h={150} radius="md" />
            <Skeleton h={150} radius="md" />
          </SimpleGrid>
        ) : (
          <LoadFailed>{t('dashboard.failed')}</LoadFailed>
        )
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            <SpaceCard space={data.space} />
            <ScreensCard points={data.points} />
            <PlaylistsCard playlists={data.playlists} />
            {data.billing && <BillingCard billing={data.billing} />}
          </SimpleGrid>
          <Fullness
            data={data}
            range={range}
            onRange={setRange}
            refreshing={isFetching && isPlaceholderData}
          />
        </>
      )}
    </Stack>
  );
}
