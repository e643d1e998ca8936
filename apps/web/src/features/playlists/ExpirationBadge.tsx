import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Expiration } from '@vitrine/core';
import type { CellKit } from '../../lib/list/cells';

const EXPIRATION_COLORS: Record<Expiration, string> = {
  ACTIVE: 'green',
  EXPIRING: 'orange',
  EXPIRED: 'gray',
};

/** Active, Expiring soon or Expired (spec §3). */
export function ExpirationBadge({ value }: { value: Expiration }) {
  const { t } = useTranslation();
  return (
    <Badge color={EXPIRATION_COLORS[value]} variant="light">
      {t(`playlists.expiration.${value}`)}
    </Badge>
  );
}

/** The same badge in plain elements for a table's many rows, its text looked up once (`kit.texts`). */
export const expirationCell = (kit: CellKit, text: (value: Expiration) => string, value: Expiration) =>
  kit.badge(text(value), { color: EXPIRATION_COLORS[value], variant: 'light' });
