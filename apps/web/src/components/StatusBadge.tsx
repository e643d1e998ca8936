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

/**
 * Online, not stably online, gone offline, offline (spec §3); or "display off by schedule" when the player
 * turned its panel off for the working hours (docs/players.md): not a failure, whatever the connection says.
 */
export function StatusBadge({ status, displayOff = false }: { status: PointStatus; displayOff?: boolean }) {
  const { t } = useTranslation();
  if (displayOff) {
    return (
      <Badge
        color="indigo"
        variant="light"
        data-testid="point-status"
        data-status="DISPLAY_OFF"
        title={t('nativePlayer.displayOffHint', { status: t(`points.statuses.${status}`) })}
      >
        {t('nativePlayer.displayOff')}
      </Badge>
    );
  }
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" data-testid="point-status" data-status={status}>
      {t(`points.statuses.${status}`)}
    </Badge>
  );
}
