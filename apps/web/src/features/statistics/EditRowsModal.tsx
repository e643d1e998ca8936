import { Button, Group, Modal, NumberInput, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { STATISTIC_SOURCES, StatisticPatchBody, type StatisticRow } from '@vitrine/core';
import { useFormSubmit, useZodForm } from '../../lib/useZodForm';
import { usePatchStatistics } from './statistics.api';

type Patch = StatisticPatchBody['patch'];

/**
 * The admin's correction of shows (spec §6 statistics edit): impressions, revenue, cost or source of the
 * chosen rows. Fields left empty stay as they are; the server records every change with its author.
 */
export function EditRowsModal({
  rows,
  onClose,
  onSaved,
}: {
  rows: StatisticRow[];
  onClose: () => void;
  onSaved?: () => void;
}) {
  const { t } = useTranslation();
  const first = rows.length === 1 ? rows[0] : undefined;
  const form = useZodForm(StatisticPatchBody, {
    ids: rows.map((r) => r.id),
    patch: first ? { impressions: first.impressions, revenue: first.revenue, cost: first.cost } : {},
  });
  const patch = form.values.patch;
  const setPatch = (change: Patch) => form.set('patch', { ...patch, ...change });
  const save = usePatchStatistics();
  // The server's refusal of one figure lands on it ('patch.revenue'); the rest of the patch is the form's.
  const { busy, onSubmit } = useFormSubmit(form, (body) => save.mutateAsync(body), {
    onSuccess: () => {
      onSaved?.();
      onClose();
    },
  });
  const number = (key: 'impressions' | 'revenue' | 'cost') => (
    <NumberInput
      label={t(`statistics.columns.${key}`)}
      min={0}
      decimalScale={key === 'impressions' ? 2 : 4}
      placeholder={t('statistics.keep')}
      value={patch[key] ?? ''}
      error={form.errors[`patch.${key}`]}
      onChange={(v) => setPatch({ [key]: v === '' ? undefined : Number(v) })}
    />
  );
  const empty = Object.values(patch).every((v) => v === undefined);
  return (
    <Modal opened onClose={onClose} title={t('statistics.editTitle', { count: rows.length })}>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            {t('statistics.editHelp')}
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            {number('impressions')}
            {number('revenue')}
            {number('cost')}
            <Select
              label={t('statistics.columns.source')}
              placeholder={t('statistics.keep')}
              clearable
              data={STATISTIC_SOURCES.map((s) => ({ value: s, label: t(`statistics.sources.${s}`) }))}
              value={patch.source ?? null}
              error={form.errors['patch.source']}
              onChange={(v) => setPatch({ source: (v ?? undefined) as Patch['source'] })}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={busy} disabled={empty}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
