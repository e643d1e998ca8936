import { Alert, Anchor, List, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useSspMissing } from './ssp.api';

/**
 * The spec's message for a playlist whose SSP connector is on (§5), and, once it is saved, its screens the
 * connector leaves out, each with the fields it lacks (the ad round's own rule, `sspMissing`).
 */
export function SspMissingNote({ playlistId }: { playlistId: number | null }) {
  const { t } = useTranslation();
  const { data } = useSspMissing(playlistId);
  const screens = data?.data ?? [];
  if (screens.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('playlists.sspNeeds')}
      </Text>
    );
  return (
    <Alert color="orange" title={t('playlists.sspNeeds')}>
      <Text size="sm">{t('ssp.missingScreens', { count: screens.length })}</Text>
      <List size="sm" mt={4}>
        {screens.map((s) => (
          <List.Item key={s.pointId}>
            <Anchor component={Link} to={`/point/settings/${s.pointId}`} size="sm">
              {s.name}
            </Anchor>
            {': '}
            {s.missing.map((f) => t(`ssp.fields.${f}`)).join(', ')}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
