import { useState } from 'react';
import { Box, Button, Checkbox, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PointPatch } from '@vitrine/core';
import { useZodForm } from '../../lib/useZodForm';
import { usePointActions } from './points.api';
import {
  SETTING_DEFAULTS,
  SETTING_FIELDS,
  SettingInput,
  useSettingLabel,
  type SettingField,
} from './SettingFields';
import { usePermission } from '../../lib/permissions';
import { BulkPatch, checkBulkPatch } from './bulkPatch';

/**
 * "Edit settings" for the chosen screens: tick the settings to change and set them; only the ticked ones
 * go in the patch (POST /api/point/patch-many), so every other setting of each screen stays as it is.
 * Changing a value ticks its setting.
 */
export function BulkSettingsDialog({ ids, onClose }: { ids: number[]; onClose: () => void }) {
  const { t } = useTranslation();
  const canSeeNets = usePermission('net.route');
  const fields = SETTING_FIELDS.filter((f) => f !== 'nets' || canSeeNets);
  const form = useZodForm(BulkPatch, { ...SETTING_DEFAULTS } as PointPatch);
  const [ticked, setTicked] = useState<Set<SettingField>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const { patchMany } = usePointActions();

  const tick = (field: SettingField, on: boolean) => {
    setError(null);
    setTicked((s) => {
      const next = new Set(s);
      if (on) next.add(field);
      else next.delete(field);
      return next;
    });
  };

  const submit = async () => {
    if (ticked.size === 0) {
      setError(t('points.bulk.nothingTicked'));
      return;
    }
    const check = checkBulkPatch(form.values as PointPatch, ticked);
    if (!check.ok) {
      form.setErrors(check.errors);
      return;
    }
    try {
      await patchMany.mutateAsync({ ids, patch: check.patch });
      onClose();
    } catch (e) {
      form.showServerError(e);
    }
  };

  const row = (field: SettingField) => (
    <BulkSettingRow
      key={field}
      field={field}
      ticked={ticked.has(field)}
      onTick={(on) => tick(field, on)}
      value={(form.values as PointPatch)[field]}
      error={form.errors[field]}
      onChange={(value) => {
        form.set(field, value as PointPatch[typeof field]);
        tick(field, true);
      }}
    />
  );

  const wide: SettingField[] = ['nets', 'autostart', 'windows'];
  return (
    <Modal opened onClose={onClose} title={t('points.bulk.title', { count: ids.length })} size="xl" centered>
      <Stack>
        <Text size="sm" c="dimmed">
          {t('points.bulk.help')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
          {fields.filter((f) => !wide.includes(f)).map(row)}
        </SimpleGrid>
        {fields.filter((f) => wide.includes(f)).map(row)}
        {error && (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button loading={patchMany.isPending} onClick={() => void submit()}>
            {t('points.bulk.apply', { count: ids.length })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** One setting in the dialog: its tick ("change this setting") and its input, dimmed while unticked. */
function BulkSettingRow({
  field,
  ticked,
  onTick,
  value,
  error,
  onChange,
}: {
  field: SettingField;
  ticked: boolean;
  onTick: (on: boolean) => void;
  value: PointPatch[SettingField];
  error: string | undefined;
  onChange: (value: PointPatch[SettingField]) => void;
}) {
  const { t } = useTranslation();
  const label = useSettingLabel();
  return (
    <Group align="flex-start" wrap="nowrap" gap="sm" data-field={field}>
      <Checkbox
        mt={field === 'autostart' || field === 'windows' ? 2 : 30}
        aria-label={t('points.bulk.change', { field: label(field) })}
        checked={ticked}
        onChange={(e) => onTick(e.currentTarget.checked)}
      />
      <Box flex={1} miw={0} style={{ opacity: ticked ? 1 : 0.65 }}>
        {field === 'windows' && (
          <Text size="sm" fw={500} mb="xs">
            {label('windows')}
          </Text>
        )}
        <SettingInput field={field} value={value} error={error} onChange={onChange} />
        {field === 'nets' && (
          <Text size="xs" c="dimmed" mt={4}>
            {t('points.bulk.netsHelp')}
          </Text>
        )}
      </Box>
    </Group>
  );
}
