import { Button, Group, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type Point } from '@vitrine/core';
import { usePointActions } from '../points.api';

import { Block, SaveButton, useHas, useSettingsForm } from './shared';

export function StreamTab({ point }: { point: Point }) {
  const { t } = useTranslation();
  const has = useHas();
  const form = useSettingsForm(point, (p) => ({ cameraStreamUrl: p.cameraStreamUrl }));
  const { livestream } = usePointActions();
  const url = point.cameraStreamUrl;
  return (
    <Block title={t('pointTabs.stream')}>
      <TextInput
        label={t('points.cameraStreamUrl')}
        placeholder="https://camera.example.com/live.m3u8"
        value={form.values.cameraStreamUrl ?? ''}
        error={form.errors.cameraStreamUrl}
        onChange={(e) => form.set('cameraStreamUrl', e.currentTarget.value || null)}
      />
      <SaveButton onClick={() => form.save()} loading={form.saving} />
      {url && /^https?:/i.test(url) && (
        <video
          src={url}
          controls
          muted
          style={{ width: '100%', maxWidth: 640, background: '#000' }}
          aria-label={t('points.cameraStreamUrl')}
        />
      )}
      {has('point.stream') && url && (
        <Group>
          <Button variant="light" onClick={() => livestream.mutate({ ids: [point.id], start: true })}>
            {t('points.streamStart')}
          </Button>
          <Button variant="default" onClick={() => livestream.mutate({ ids: [point.id], start: false })}>
            {t('points.streamStop')}
          </Button>
        </Group>
      )}
    </Block>
  );
}
