import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PointStatus } from '@vitrine/core';

/** Mantine colors of the statuses, shared by the badge and the map's markers. */
export const STATUS_COLORS: Record<PointStatus, string> = {
  ONLINE: 'green',
  UNSTABLE: 'yellow',
  GONE_OFFLINE: 'orange',
  OFFLINE: 'gray',
};

/** Online, not stably online, gone offline, offline (spec §3). */
export function StatusBadge({ status }: { status: PointStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" data-testid="point-status" data-status={status}>
      {t(`points.statuses.${status}`)}
    </Badge>
  );
}
