import type { ReactNode } from 'react';
import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PointPatch, formatSize, type Point } from '@vitrine/core';
import { useUnsavedChanges } from '../../../lib/unsaved';
import { useFormSubmit, useZodForm } from '../../../lib/useZodForm';
import { usePointActions } from '../points.api';
import { usePermissions } from '../../../lib/permissions';

export const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');
export const bytes = (n: number | null | undefined) => (n === null || n === undefined ? '—' : formatSize(n));

export const useHas = usePermissions;

export function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      <Stack gap="sm">{children}</Stack>
    </Paper>
  );
}

/**
 * A form over part of the screen's settings, checked with the server's schema before sending; leaving it
 * (another tab, another page) with unsaved changes asks first (spec §5).
 */
export function useSettingsForm<K extends keyof PointPatch>(
  point: Point,
  pick: (p: Point) => Pick<PointPatch, K>,
) {
  const form = useZodForm(PointPatch, pick(point));
  const { patch } = usePointActions();
  useUnsavedChanges(form.isDirty);
  const { busy, onSubmit } = useFormSubmit(form, (body) => patch.mutateAsync({ id: point.id, body }));
  const set = <F extends K>(field: F, value: PointPatch[F]) => form.set(field, value);
  return {
    values: form.values as Pick<PointPatch, K>,
    set,
    errors: form.errors,
    save: onSubmit,
    saving: busy,
  };
}

export function SaveButton({ onClick, loading }: { onClick: () => void; loading: boolean }) {
  const { t } = useTranslation();
  const has = useHas();
  if (!has('point.patch')) return null;
  return (
    <Group>
      <Button onClick={onClick} loading={loading}>
        {t('common.save')}
      </Button>
    </Group>
  );
}
