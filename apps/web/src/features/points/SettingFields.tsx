import { useTranslation } from 'react-i18next';
import { DEFAULT_WINDOWS, SYNC_INTERVAL, type PointPatch } from '@vitrine/core';
import { ChoiceSettingInput, ValueSettingInput, type AnySettingProps } from './SettingInputs';

/**
 * The screen settings one person edits on a screen's page and, for many screens at once, in the list's
 * bulk dialog: one component per setting so both places show the same fields with the same rules.
 */
export const SETTING_FIELDS = [
  'timezone',
  'rotation',
  'transitionMs',
  'relaunchInterval',
  'syncInterval',
  'workFrom',
  'workTo',
  'commercialCycle',
  'nets',
  'autostart',
  'windows',
] as const;
export type SettingField = (typeof SETTING_FIELDS)[number];

/** What a new screen starts with (the server's column defaults). */
export const SETTING_DEFAULTS: Required<Pick<PointPatch, SettingField>> = {
  timezone: 'UTC',
  rotation: 'NORMAL',
  transitionMs: 0,
  relaunchInterval: null,
  syncInterval: SYNC_INTERVAL.default,
  workFrom: null,
  workTo: null,
  commercialCycle: null,
  nets: [],
  autostart: true,
  windows: DEFAULT_WINDOWS,
};

export interface SettingFieldProps<F extends SettingField> {
  field: F;
  value: PointPatch[F];
  onChange: (value: PointPatch[F]) => void;
  error?: string | undefined;
}

/** The label a setting goes by (the bulk dialog names the setting each tick changes). */
export function useSettingLabel(): (field: SettingField) => string {
  const { t } = useTranslation();
  return (field) =>
    field === 'windows'
      ? t('points.bulk.windows')
      : field === 'nets'
        ? t('points.networks')
        : t(`points.${field}`);
}

/** Settings chosen from a list or switched on and off; the others are numbers and times. */
const CHOICES: ReadonlySet<SettingField> = new Set(['timezone', 'rotation', 'nets', 'autostart', 'windows']);

/** One setting's input. `windows` is one setting of three parts: full screen, mirror and volume. */
export function SettingInput<F extends SettingField>(props: SettingFieldProps<F>) {
  // One switch over the field name; each branch knows its own value type.
  const any: AnySettingProps = {
    field: props.field,
    value: props.value as PointPatch[SettingField],
    onChange: props.onChange as (value: unknown) => void,
    error: props.error,
  };
  return CHOICES.has(props.field) ? <ChoiceSettingInput {...any} /> : <ValueSettingInput {...any} />;
}
