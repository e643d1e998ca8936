import { Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Dashboard } from '@vitrine/core';
import { formatWait, intlLocale } from '../../lib/time';

/**
 * Screens whose fullness is still being planned: how many of the cabinet's are done, a bar, and when the
 * rest should be, at the rate the server reports for the run in progress (none until a batch is done).
 */
export function FullnessPlanning({ data }: { data: Dashboard }) {
  const { t, i18n } = useTranslation();
  const { pending, points } = data.fullness;
  if (pending === 0) return null;
  const total = pending + points.length;
  const number = new Intl.NumberFormat(intlLocale(i18n.language));
  const estimate = data.planning?.estimateSeconds ?? null;
  const planned = t('dashboard.planned', {
    count: total,
    planned: number.format(points.length),
    total: number.format(total),
  });
  return (
    <Stack gap={4} mb="md" role="status" data-testid="fullness-pending">
      <Text size="sm" c="blue">
        {t('dashboard.pending', { count: pending, pending: number.format(pending) })}
      </Text>
      <Progress value={(points.length / total) * 100} size="sm" aria-label={planned} />
      <Text size="xs" c="dimmed" data-testid="fullness-progress">
        {planned}
        {estimate !== null && ` · ${t('dashboard.estimate', { time: formatWait(estimate, i18n.language) })}`}
      </Text>
    </Stack>
  );
}
