import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ContentUpdate } from '@vitrine/core';

/**
 * After a save, when the screens it reaches will play it (spec §4 'the screen will update afterwards'):
 * how many update now (ACTIVE, or nothing to play yet) and how long the others wait for their next sync.
 */
export function ContentUpdateNote({ update }: { update: ContentUpdate }) {
  const { t } = useTranslation();
  const waiting = update.screens - update.now;
  const parts =
    update.screens === 0
      ? [t('playlists.update.none')]
      : [
          ...(update.now > 0 ? [t('playlists.update.now', { count: update.now })] : []),
          ...(waiting > 0
            ? [t('playlists.update.within', { count: waiting, minutes: update.within ?? 0 })]
            : []),
        ];
  return (
    <Alert color="blue" variant="light" role="status" data-testid="content-update">
      {parts.join(' ')}
    </Alert>
  );
}
