import type { ReactNode } from 'react';
import { Badge } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { POINT_STATUSES, type PointStatus } from '@vitrine/core';
import type { CellKit } from '../lib/list/cells';

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

/** The status badge's texts, looked up once (for a table's rows: see statusCell). */
export function statusTexts(t: TFunction) {
  const statuses = Object.fromEntries(POINT_STATUSES.map((s) => [s, t(`points.statuses.${s}`)])) as Record<
    PointStatus,
    string
  >;
  const hints = Object.fromEntries(
    POINT_STATUSES.map((s) => [s, t('nativePlayer.displayOffHint', { status: statuses[s] })]),
  ) as Record<PointStatus, string>;
  return { statuses, hints, displayOff: t('nativePlayer.displayOff') };
}

/** The status badge in plain elements, the same look and attributes, for a table's many rows. */
export function statusCell(
  kit: CellKit,
  texts: ReturnType<typeof statusTexts>,
  status: PointStatus,
  displayOff = false,
): ReactNode {
  if (displayOff)
    return kit.badge(
      texts.displayOff,
      { color: 'indigo', variant: 'light', title: texts.hints[status] },
      { 'data-testid': 'point-status', 'data-status': 'DISPLAY_OFF' },
    );
  return kit.badge(
    texts.statuses[status],
    { color: STATUS_COLORS[status], variant: 'light' },
    { 'data-testid': 'point-status', 'data-status': status },
  );
}
