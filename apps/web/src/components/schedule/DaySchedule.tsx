import { useMemo, useState, type ReactNode } from 'react';
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconClockHour4 } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { addDays, isDate, type DailySchedule } from '@vitrine/core';
import { formatDuration, formatPercent, wallClock } from '../../lib/time';
import { ScheduleTimeline } from './ScheduleTimeline';
import { TYPE_COLORS } from './timeline/geometry';
import { LoadFailed } from '../../lib/LoadFailed';

function Section({ title, children, extra }: { title: string; children: ReactNode; extra?: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        {extra}
      </Group>
      {children}
    </Paper>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} lineClamp={2}>
        {label}
      </Text>
      <Text fz={{ base: 'lg', sm: 'xl' }} fw={700} aria-label={`${label}: ${value}`}>
        {value}
      </Text>
    </Paper>
  );
}

function FilesTable({ schedule, names }: { schedule: DailySchedule; names: Map<number, string> }) {
  const { t } = useTranslation();
  const at = (iso: string) => wallClock(iso, schedule.timezone);
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('schedule.file')}</Table.Th>
            <Table.Th>{t('schedule.playlist')}</Table.Th>
            <Table.Th>{t('schedule.type')}</Table.Th>
            <Table.Th ta="right">{t('schedule.shows')}</Table.Th>
            <Table.Th ta="right">{t('schedule.duration')}</Table.Th>
            <Table.Th>{t('schedule.first')}</Table.Th>
            <Table.Th>{t('schedule.last')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {schedule.files.map((f) => (
            <Table.Tr key={`${f.playlistId}-${f.fileId}`}>
              <Table.Td miw={140} style={{ overflowWrap: 'anywhere' }}>
                {f.fileName ?? `#${f.fileId}`}
              </Table.Td>
              <Table.Td>
                <Anchor component={Link} to={`/playlist/${f.playlistId}`} size="sm">
                  {names.get(f.playlistId) ?? f.playlistName}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Badge variant="light" color={TYPE_COLORS[f.type]}>
                  {t(`playlists.types.${f.type}`)}
                </Badge>
              </Table.Td>
              <Table.Td ta="right">{f.shows}</Table.Td>
              <Table.Td ta="right">{formatDuration(f.duration)}</Table.Td>
              <Table.Td>{at(f.first)}</Table.Td>
              <Table.Td>{at(f.last)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function UnplannedTable({ schedule }: { schedule: DailySchedule }) {
  const { t } = useTranslation();
  const fileOf = (u: DailySchedule['unplanned'][number]) =>
    u.fileId === null ? t('schedule.allFiles') : (u.fileName ?? `#${u.fileId}`);
  return (
    <Table.ScrollContainer minWidth={300}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('schedule.playlist')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('schedule.file')}</Table.Th>
            <Table.Th>{t('schedule.reason')}</Table.Th>
            <Table.Th ta="right">{t('schedule.lost')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {schedule.unplanned.map((u, i) => (
            <Table.Tr key={`${u.playlistId}-${u.fileId ?? 'all'}-${u.reason}-${i}`}>
              <Table.Td>
                <Anchor component={Link} to={`/playlist/${u.playlistId}`} size="sm">
                  {u.playlistName || `#${u.playlistId}`}
                </Anchor>
                {/* Narrow screens: the file under the playlist instead of a column of its own. */}
                <Text size="xs" c="dimmed" hiddenFrom="sm" style={{ overflowWrap: 'anywhere' }}>
                  {fileOf(u)}
                </Text>
              </Table.Td>
              <Table.Td visibleFrom="sm" style={{ overflowWrap: 'anywhere' }}>
                <Text size="sm" c={u.fileId === null ? 'dimmed' : undefined}>
                  {fileOf(u)}
                </Text>
              </Table.Td>
              <Table.Td>{t(`schedule.reasons.${u.reason}`)}</Table.Td>
              <Table.Td ta="right">{u.shows > 0 ? u.shows : '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The day picker: the date on the screen's clock, a day back, a day on, and back to today. */
function DayPicker({
  shown,
  onChange,
  today,
}: {
  shown: string | undefined;
  onChange: (date: string | undefined) => void;
  today: boolean;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState<string | null>(null);
  const move = (days: number) => shown && onChange(addDays(shown, days));
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <Tooltip label={t('schedule.previousDay')}>
        <ActionIcon
          variant="default"
          size={36}
          aria-label={t('schedule.previousDay')}
          disabled={!shown}
          onClick={() => move(-1)}
        >
          <IconChevronLeft size={18} />
        </ActionIcon>
      </Tooltip>
      <TextInput
        type="date"
        label={t('schedule.day')}
        value={typed ?? shown ?? ''}
        w={170}
        onChange={(e) => {
          const value = e.currentTarget.value;
          setTyped(value);
          if (isDate(value)) {
            setTyped(null);
            onChange(value);
          }
        }}
        onBlur={() => setTyped(null)}
      />
      <Tooltip label={t('schedule.nextDay')}>
        <ActionIcon
          variant="default"
          size={36}
          aria-label={t('schedule.nextDay')}
          disabled={!shown}
          onClick={() => move(1)}
        >
          <IconChevronRight size={18} />
        </ActionIcon>
      </Tooltip>
      <Button variant="default" disabled={today} onClick={() => onChange(undefined)}>
        {t('schedule.today')}
      </Button>
    </Group>
  );
}

/** A loaded day: its figures, the timeline, the table by files and what could not be planned. */
function DayPlan({ data, stale }: { data: DailySchedule; stale: boolean }) {
  const { t, i18n } = useTranslation();
  // Playlist names for the timeline: the table by files and the unplanned list both carry them.
  const names = useMemo(() => {
    const map = new Map<number, string>();
    for (const u of data.unplanned) if (u.playlistName) map.set(u.playlistId, u.playlistName);
    for (const f of data.files) map.set(f.playlistId, f.playlistName);
    return map;
  }, [data]);
  const hours = (Date.parse(data.end) - Date.parse(data.start)) / 3_600_000;
  return (
    <Stack style={{ opacity: stale ? 0.6 : 1, transition: 'opacity 150ms' }} aria-busy={stale}>
      <SimpleGrid cols={3} spacing="sm">
        <Figure label={t('schedule.capacity')} value={formatDuration(data.capacity)} />
        <Figure label={t('schedule.advertising')} value={formatDuration(data.advertising)} />
        <Figure label={t('schedule.fullness')} value={formatPercent(data.fullness, i18n.language)} />
      </SimpleGrid>
      {hours !== 24 && (
        <Text size="sm" c="orange">
          {t('schedule.clockChange', { hours })}
        </Text>
      )}
      <Section title={t('schedule.timelineTitle')}>
        {data.segments.length === 0 ? (
          <Text c="dimmed">{t('schedule.nothingPlanned')}</Text>
        ) : (
          <ScheduleTimeline schedule={data} names={names} />
        )}
      </Section>
      <Section
        title={t('schedule.byFiles')}
        extra={
          <Text size="xs" c="dimmed">
            {t('schedule.timesIn', { zone: data.timezone })}
          </Text>
        }
      >
        {data.files.length === 0 ? (
          <Text c="dimmed">{t('schedule.nothingPlanned')}</Text>
        ) : (
          <FilesTable schedule={data} names={names} />
        )}
      </Section>
      <Section title={t('schedule.unplanned')}>
        {data.unplanned.length === 0 ? (
          <Text c="dimmed">{t('schedule.allPlanned')}</Text>
        ) : (
          <UnplannedTable schedule={data} />
        )}
      </Section>
    </Stack>
  );
}

/** What a day's schedule query answers, as the view reads it. */
export interface DayScheduleResult {
  data: DailySchedule | undefined;
  isLoading: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
}

/**
 * A day as the schedule engine plans it (a screen's schedule tab, a video wall's day): the day picker, the
 * figures, the timeline, the table by files and what could not be planned.
 */
export function DaySchedule({
  allowed,
  date,
  setDate,
  result,
}: {
  allowed: boolean;
  date: string | undefined;
  setDate: (date: string | undefined) => void;
  result: DayScheduleResult;
}) {
  const { t } = useTranslation();
  const { data, isLoading, isFetching, isPlaceholderData } = result;

  if (!allowed)
    return (
      <Paper withBorder p="md" radius="md">
        <Text c="dimmed">{t('schedule.noAccess')}</Text>
      </Paper>
    );

  const shown = date ?? data?.date;
  return (
    <Stack>
      <Group justify="space-between" align="flex-end" gap="sm">
        <DayPicker shown={shown} onChange={setDate} today={date === undefined} />
        {data && (
          <Group gap={6} wrap="nowrap">
            <IconClockHour4 size={16} aria-hidden />
            <Text size="sm" c="dimmed">
              {t('schedule.timesIn', { zone: data.timezone })}
            </Text>
          </Group>
        )}
      </Group>
      {data ? (
        <DayPlan data={data} stale={isFetching && isPlaceholderData} />
      ) : isLoading ? (
        <Stack aria-busy aria-label={t('schedule.loading')}>
          <Skeleton h={72} radius="md" />
          <Skeleton h={120} radius="md" />
        </Stack>
      ) : (
        <LoadFailed>{t('schedule.failed')}</LoadFailed>
      )}
    </Stack>
  );
}
