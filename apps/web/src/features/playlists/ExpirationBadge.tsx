import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Expiration } from '@vitrine/core';

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
