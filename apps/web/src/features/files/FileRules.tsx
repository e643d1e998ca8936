import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  Chip,
  Group,
  Input,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  FILE_FITS,
  FileConfigInput,
  FileScheduleInput,
  type FileConfig,
  type FileFit,
  type FileSchedule,
} from '@vitrine/core';
import { useFormSubmit, useZodForm } from '../../lib/useZodForm';
import { fromLocalInput, fromTimeInput, toLocalInput } from '../../lib/wallInputs';
import { useFileDetail, useFileRuleActions, useScopeChoices } from './fileRules.api';

const WEEK = [1, 2, 3, 4, 5, 6, 0];

/** A rule's scope in words: this screen and playlist, or every one. */
function useScopeLabel() {
  const { t } = useTranslation();
  return (rule: {
    pointName: string | null;
    playlistName: string | null;
    pointId: number | null;
    playlistId: number | null;
  }) =>
    t('fileRules.scope', {
      screen: rule.pointId === null ? t('fileRules.anyScreen') : (rule.pointName ?? `#${rule.pointId}`),
      playlist:
        rule.playlistId === null ? t('fileRules.anyPlaylist') : (rule.playlistName ?? `#${rule.playlistId}`),
    });
}

/** The screen and playlist a new rule is for. */
function ScopeFields({
  pointId,
  playlistId,
  onChange,
}: {
  pointId: number | null;
  playlistId: number | null;
  onChange: (scope: { pointId: number | null; playlistId: number | null }) => void;
}) {
  const { t } = useTranslation();
  const choices = useScopeChoices();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <Select
        label={t('fileRules.screen')}
        searchable
        data={[{ value: '', label: t('fileRules.anyScreen') }, ...choices.points]}
        value={pointId === null ? '' : String(pointId)}
        onChange={(v) => onChange({ pointId: v ? Number(v) : null, playlistId })}
        allowDeselect={false}
      />
      <Select
        label={t('fileRules.playlist')}
        searchable
        data={[{ value: '', label: t('fileRules.anyPlaylist') }, ...choices.playlists]}
        value={playlistId === null ? '' : String(playlistId)}
        onChange={(v) => onChange({ pointId, playlistId: v ? Number(v) : null })}
        allowDeselect={false}
      />
    </SimpleGrid>
  );
}

function ScheduleRow({ rule, onRemove }: { rule: FileSchedule; onRemove: () => void }) {
  const { t } = useTranslation();
  const scope = useScopeLabel();
  const days =
    rule.weekDays.length === 7
      ? t('fileRules.everyDay')
      : WEEK.filter((d) => rule.weekDays.includes(d))
          .map((d) => t(`playlists.days.${d}`))
          .join(', ');
  const period =
    rule.fromDate && rule.toDate
      ? `${rule.fromDate} – ${rule.toDate}`
      : rule.fromDate
        ? t('fileRules.since', { date: rule.fromDate })
        : rule.toDate
          ? t('fileRules.until', { date: rule.toDate })
          : null;
  const hours =
    rule.fromTime === null && rule.toTime === null
      ? t('fileRules.allDay')
      : `${rule.fromTime ?? '00:00:00'} – ${rule.toTime ?? '23:59:59'}`;
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start">
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {scope(rule)}
        </Text>
        <Text size="sm" c="dimmed">
          {[period, days, hours].filter(Boolean).join(' · ')}
        </Text>
      </Stack>
      <ActionIcon
        variant="subtle"
        color="red"
        aria-label={t('fileRules.remove', { what: scope(rule) })}
        onClick={onRemove}
      >
        <IconTrash size={16} />
      </ActionIcon>
    </Group>
  );
}

function ConfigRow({ rule, onRemove }: { rule: FileConfig; onRemove: () => void }) {
  const { t } = useTranslation();
  const scope = useScopeLabel();
  const parts = [
    rule.duration !== null ? `${t('fileRules.duration')}: ${rule.duration}` : null,
    rule.volume !== null ? `${t('fileRules.volume')}: ${rule.volume}` : null,
    rule.fit !== null ? t(`fileRules.fits.${rule.fit}`) : null,
    rule.muted !== null ? t(rule.muted ? 'fileRules.mutedOn' : 'fileRules.mutedOff') : null,
  ].filter(Boolean);
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start">
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {scope(rule)}
        </Text>
        <Text size="sm" c="dimmed">
          {parts.join(' · ')}
        </Text>
      </Stack>
      <ActionIcon
        variant="subtle"
        color="red"
        aria-label={t('fileRules.remove', { what: scope(rule) })}
        onClick={onRemove}
      >
        <IconTrash size={16} />
      </ActionIcon>
    </Group>
  );
}

/** The week days a schedule plays on, as chips (Monday to Sunday). */
function WeekDaysField(props: {
  id: string;
  days: number[];
  error?: string;
  onChange: (days: number[]) => void;
}) {
  const { t } = useTranslation();
  const { id, days, error, onChange } = props;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id={id}>
        {t('fileRules.weekDays')}
      </Text>
      <Chip.Group
        multiple
        value={days.map(String)}
        onChange={(chosen) => onChange(chosen.map(Number).sort())}
      >
        <Group gap="xs" role="group" aria-labelledby={id}>
          {WEEK.map((d) => (
            <Chip key={d} value={String(d)} size="xs">
              {t(`playlists.days.${d}`)}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      {error && (
        <Text c="red" size="xs" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}

function ScheduleForm({ fileId, onSaved }: { fileId: number; onSaved: () => void }) {
  const { t } = useTranslation();
  const actions = useFileRuleActions(fileId);
  const form = useZodForm(FileScheduleInput, {
    fileId,
    pointId: null,
    playlistId: null,
    fromDate: null,
    toDate: null,
    weekDays: [0, 1, 2, 3, 4, 5, 6],
    fromTime: null,
    toTime: null,
  });
  const v = form.values;
  const { onSubmit } = useFormSubmit(form, (body) => actions.putSchedule.mutateAsync(body), {
    onSuccess: onSaved,
  });
  const dateInput = (field: 'fromDate' | 'toDate') => (
    <TextInput
      type="datetime-local"
      step={1}
      label={t(`fileRules.${field}`)}
      value={toLocalInput(v[field] ?? null)}
      error={form.errors[field]}
      onChange={(e) => form.set(field, e.currentTarget.value ? fromLocalInput(e.currentTarget.value) : null)}
    />
  );
  const timeInput = (field: 'fromTime' | 'toTime') => (
    <TextInput
      type="time"
      step={1}
      label={t(`fileRules.${field}`)}
      value={v[field] ?? ''}
      error={form.errors[field]}
      onChange={(e) => form.set(field, e.currentTarget.value ? fromTimeInput(e.currentTarget.value) : null)}
    />
  );
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <ScopeFields
          pointId={(v.pointId as number | null | undefined) ?? null}
          playlistId={(v.playlistId as number | null | undefined) ?? null}
          onChange={(scope) => form.setValues((old) => ({ ...old, ...scope }))}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {dateInput('fromDate')}
          {dateInput('toDate')}
          {timeInput('fromTime')}
          {timeInput('toTime')}
        </SimpleGrid>
        <WeekDaysField
          id={`file-${fileId}-days`}
          days={v.weekDays ?? []}
          error={form.errors.weekDays}
          onChange={(days) => form.set('weekDays', days)}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={actions.putSchedule.isPending}>
            {t('fileRules.saveSchedule')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ConfigForm({ fileId, onSaved }: { fileId: number; onSaved: () => void }) {
  const { t } = useTranslation();
  const actions = useFileRuleActions(fileId);
  const form = useZodForm(FileConfigInput, {
    fileId,
    pointId: null,
    playlistId: null,
    duration: null,
    volume: null,
    fit: null,
    muted: null,
  });
  const v = form.values;
  const { onSubmit } = useFormSubmit(form, (body) => actions.putConfig.mutateAsync(body), {
    onSuccess: onSaved,
  });
  const number = (field: 'duration' | 'volume', max: number, description?: string) => (
    <NumberInput
      label={t(`fileRules.${field}`)}
      description={description}
      min={field === 'volume' ? 0 : 1}
      max={max}
      allowDecimal={false}
      value={v[field] ?? ''}
      error={form.errors[field]}
      onChange={(value) => form.set(field, typeof value === 'number' ? value : null)}
    />
  );
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <ScopeFields
          pointId={(v.pointId as number | null | undefined) ?? null}
          playlistId={(v.playlistId as number | null | undefined) ?? null}
          onChange={(scope) => form.setValues((old) => ({ ...old, ...scope }))}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {number('duration', 86400, t('fileRules.durationHelp'))}
          {number('volume', 100)}
          <Select
            label={t('fileRules.fit')}
            data={[
              { value: '', label: t('fileRules.keep') },
              ...FILE_FITS.map((fit) => ({ value: fit, label: t(`fileRules.fits.${fit}`) })),
            ]}
            value={v.fit ?? ''}
            onChange={(value) => form.set('fit', (value || null) as FileFit | null)}
            allowDeselect={false}
          />
          <Input.Wrapper label={t('fileRules.sound')} id={`file-${fileId}-sound`}>
            <SegmentedControl
              fullWidth
              aria-labelledby={`file-${fileId}-sound-label`}
              value={v.muted === null || v.muted === undefined ? 'keep' : v.muted ? 'on' : 'off'}
              onChange={(value) => form.set('muted', value === 'keep' ? null : value === 'on')}
              data={[
                { value: 'keep', label: t('fileRules.keep') },
                { value: 'off', label: t('fileRules.mutedOff') },
                { value: 'on', label: t('fileRules.mutedOn') },
              ]}
            />
          </Input.Wrapper>
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={actions.putConfig.isPending}>
            {t('fileRules.saveConfig')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * A file's own schedule and playback settings (spec §3 File: schedule, config), per scope: everywhere, on
 * one screen, in one playlist, or both. Shown in the gallery's preview to those who may edit the library.
 */
export function FileRules({ fileId }: { fileId: number }) {
  const { t } = useTranslation();
  const detail = useFileDetail(fileId);
  const actions = useFileRuleActions(fileId);
  const [adding, setAdding] = useState<'schedule' | 'config' | null>(null);
  const schedules = detail.data?.schedules ?? [];
  const configs = detail.data?.configs ?? [];
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={4}>{t('fileRules.schedules')}</Title>
        <Text size="sm" c="dimmed">
          {t('fileRules.schedulesHelp')}
        </Text>
        {schedules.length === 0 && <Text size="sm">{t('fileRules.noSchedule')}</Text>}
        {schedules.map((rule) => (
          <ScheduleRow key={rule.id} rule={rule} onRemove={() => actions.removeSchedule.mutate(rule.id)} />
        ))}
        {adding === 'schedule' ? (
          <Paper withBorder p="sm">
            <ScheduleForm fileId={fileId} onSaved={() => setAdding(null)} />
          </Paper>
        ) : (
          <Group>
            <Button variant="default" onClick={() => setAdding('schedule')}>
              {t('fileRules.addSchedule')}
            </Button>
          </Group>
        )}
      </Stack>
      <Stack gap="xs">
        <Title order={4}>{t('fileRules.configs')}</Title>
        <Text size="sm" c="dimmed">
          {t('fileRules.configsHelp')}
        </Text>
        {configs.length === 0 && <Text size="sm">{t('fileRules.noConfig')}</Text>}
        {configs.map((rule) => (
          <ConfigRow key={rule.id} rule={rule} onRemove={() => actions.removeConfig.mutate(rule.id)} />
        ))}
        {adding === 'config' ? (
          <Paper withBorder p="sm">
            <ConfigForm fileId={fileId} onSaved={() => setAdding(null)} />
          </Paper>
        ) : (
          <Group>
            <Button variant="default" onClick={() => setAdding('config')}>
              {t('fileRules.addConfig')}
            </Button>
          </Group>
        )}
      </Stack>
      {(schedules.length > 0 || configs.length > 0) && (
        <Alert variant="light" color="blue">
          {t('fileRules.replaceNote')}
        </Alert>
      )}
    </Stack>
  );
}
