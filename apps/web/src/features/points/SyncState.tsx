import { Badge, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Point } from '@vitrine/core';
import { intlLocale } from '../../lib/time';

/** Synchronized (the screen plays its current content) or Not synchronized (spec §3). */
export function SyncBadge({ point }: { point: Pick<Point, 'syncStatus'> }) {
  const { t } = useTranslation();
  return (
    <Badge
      variant="outline"
      color={point.syncStatus === 'SYNCHRONIZED' ? 'green' : 'gray'}
      data-testid="sync-status"
      data-status={point.syncStatus}
    >
      {t(`points.syncStatuses.${point.syncStatus}`)}
    </Badge>
  );
}

/** Time of day in the reader's language, with the date when it is not today. */
function useWhen(): (iso: string) => string {
  const { i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  return (iso) => {
    const date = new Date(iso);
    const today = date.toDateString() === new Date().toDateString();
    return new Intl.DateTimeFormat(locale, {
      ...(today ? {} : { day: 'numeric', month: 'short' }),
      hour: '2-digit',
      minute: '2-digit',
    }).format(date);
  };
}

/**
 * What a screen that is not synchronised waits for: what changed, since when, and by when its next
 * regular fetch brings it; nothing when it plays its current content.
 */
export function SyncPendingText({ point }: { point: Pick<Point, 'syncPending'> }) {
  const { t } = useTranslation();
  const when = useWhen();
  const pending = point.syncPending;
  if (!pending) return null;
  const change = pending.change
    ? t(`points.syncChange.${pending.change.kind}`, { name: pending.change.name ?? '' })
    : t('points.syncChange.unknown');
  const expected = pending.expectedBy && Date.parse(pending.expectedBy) > Date.now();
  return (
    <Text size="sm" c="dimmed" data-testid="sync-pending">
      {t('points.syncPending', { change, since: when(pending.since) })}{' '}
      {expected ? t('points.syncExpected', { at: when(pending.expectedBy!) }) : t('points.syncWhenOnline')}
    </Text>
  );
}
