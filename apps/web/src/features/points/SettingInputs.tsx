import { useId } from 'react';
import {
  Checkbox,
  MultiSelect,
  NumberInput,
  Select,
  Slider,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DEFAULT_WINDOWS, ROTATIONS, SYNC_INTERVAL, type PointPatch, type Rotation } from '@vitrine/core';
import { useAllNets } from '../nets';
import type { SettingField } from './SettingFields';
import { useTimeZones, zoneFilter } from './timeZones';
import { timeInput } from './settingValues';

/** A setting's input props with the value's type left to the branch over the field name. */
export interface AnySettingProps {
  field: SettingField;
  value: PointPatch[SettingField];
  onChange: (value: unknown) => void;
  error?: string | undefined;
}

function ZoneSelect({ value, onChange, error }: AnySettingProps) {
  const { t } = useTranslation();
  const zones = useTimeZones(value as string | undefined);
  return (
    <Select
      label={t('points.timezone')}
      searchable
      allowDeselect={false}
      data={zones}
      filter={zoneFilter}
      value={(value as string | undefined) ?? 'UTC'}
      error={error}
      onChange={(z) => z && onChange(z)}
    />
  );
}

function NetsSelect({ value, onChange, error }: AnySettingProps) {
  const { t } = useTranslation();
  const nets = useAllNets(true);
  return (
    <MultiSelect
      label={t('points.networks')}
      data={(nets.data?.nets ?? []).map((n) => ({ value: String(n.id), label: n.name }))}
      value={((value as number[] | undefined) ?? []).map(String)}
      error={error}
      onChange={(ids) => onChange(ids.map(Number))}
    />
  );
}

/** `windows`: one setting of three parts, full screen, mirror and volume. */
function WindowsInput({ value, onChange }: AnySettingProps) {
  const { t } = useTranslation();
  const volumeId = useId();
  const w = (value as PointPatch['windows']) ?? DEFAULT_WINDOWS;
  return (
    <Stack gap="sm">
      <Switch
        label={t('points.fullscreen')}
        checked={w.fullscreen}
        onChange={(e) => onChange({ ...w, fullscreen: e.currentTarget.checked })}
      />
      <Switch
        label={t('points.mirror')}
        checked={w.mirror}
        onChange={(e) => onChange({ ...w, mirror: e.currentTarget.checked })}
      />
      <Text size="sm" fw={500} id={volumeId}>
        {t('points.volume')}: {w.volume}
      </Text>
      <Slider
        aria-labelledby={volumeId}
        min={0}
        max={100}
        value={w.volume}
        onChange={(volume) => onChange({ ...w, volume })}
      />
    </Stack>
  );
}

/** The settings chosen from a list or switched: zone, rotation, networks, autostart and windows. */
export function ChoiceSettingInput(props: AnySettingProps) {
  const { t } = useTranslation();
  const { field, value, onChange, error } = props;
  switch (field) {
    case 'timezone':
      return <ZoneSelect {...props} />;
    case 'rotation':
      return (
        <Select
          label={t('points.rotation')}
          allowDeselect={false}
          data={ROTATIONS.map((r) => ({ value: r, label: t(`points.rotations.${r}`) }))}
          value={(value as Rotation | undefined) ?? 'NORMAL'}
          error={error}
          onChange={(r) => r && onChange(r as Rotation)}
        />
      );
    case 'nets':
      return <NetsSelect {...props} />;
    case 'autostart':
      return (
        <Checkbox
          label={t('points.autostart')}
          checked={(value as boolean | undefined) ?? true}
          error={error}
          onChange={(e) => onChange(e.currentTarget.checked)}
        />
      );
    case 'windows':
      return <WindowsInput {...props} />;
    default:
      return null;
  }
}

/** The settings typed in: the transition, the intervals, the cycle and the working hours. */
export function ValueSettingInput({ field, value, onChange, error }: AnySettingProps) {
  const { t } = useTranslation();
  switch (field) {
    case 'transitionMs':
      return (
        <NumberInput
          label={t('points.transitionMs')}
          min={0}
          max={10000}
          value={(value as number | undefined) ?? 0}
          error={error}
          onChange={(n) => onChange(Number(n) || 0)}
        />
      );
    case 'relaunchInterval':
    case 'commercialCycle':
      return (
        <NumberInput
          label={t(`points.${field}`)}
          min={1}
          {...(field === 'relaunchInterval' ? { placeholder: t('points.never') } : {})}
          value={(value as number | null | undefined) ?? ''}
          error={error}
          onChange={(n) => onChange(n === '' ? null : Number(n))}
        />
      );
    case 'syncInterval':
      return (
        <NumberInput
          label={t('points.syncInterval')}
          description={t('points.syncIntervalHint')}
          min={SYNC_INTERVAL.min}
          max={SYNC_INTERVAL.max}
          allowDecimal={false}
          value={(value as number | undefined) ?? SYNC_INTERVAL.default}
          error={error}
          onChange={(n) => onChange(n === '' ? SYNC_INTERVAL.default : Number(n))}
        />
      );
    case 'workFrom':
    case 'workTo':
      return (
        <TextInput
          type="time"
          step={1}
          label={t(`points.${field}`)}
          value={(value as string | null | undefined) ?? ''}
          error={error}
          onChange={(e) => onChange(e.currentTarget.value ? timeInput(e.currentTarget.value) : null)}
        />
      );
    default:
      return null;
  }
}
