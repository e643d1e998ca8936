import { Checkbox, NumberInput, SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type Point } from '@vitrine/core';

import { Block, SaveButton, useSettingsForm } from './shared';

export function AudienceTab({ point }: { point: Point }) {
  const { t } = useTranslation();
  const form = useSettingsForm(point, (p) => ({ audience: p.audience, playbackCost: p.playbackCost }));
  const audience = form.values.audience ?? { viewers: 0, perHour: null };
  return (
    <Block title={t('pointTabs.audience')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NumberInput
          label={t('points.viewers')}
          min={0}
          decimalScale={2}
          value={audience.viewers}
          onChange={(n) => form.set('audience', { ...audience, viewers: Number(n) || 0 })}
        />
        <NumberInput
          label={t('points.playbackCost')}
          min={0}
          value={form.values.playbackCost ?? ''}
          onChange={(n) => form.set('playbackCost', n === '' ? null : Number(n))}
        />
      </SimpleGrid>
      <Checkbox
        label={t('points.perHour')}
        checked={audience.perHour !== null}
        onChange={(e) =>
          form.set('audience', {
            ...audience,
            perHour: e.currentTarget.checked ? Array.from({ length: 24 }, () => audience.viewers) : null,
          })
        }
      />
      {audience.perHour && (
        <SimpleGrid cols={{ base: 3, sm: 6 }}>
          {audience.perHour.map((value, hour) => (
            <NumberInput
              key={hour}
              size="xs"
              min={0}
              label={`${String(hour).padStart(2, '0')}:00`}
              value={value}
              onChange={(n) =>
                form.set('audience', {
                  ...audience,
                  perHour: audience.perHour!.map((x, i) => (i === hour ? Number(n) || 0 : x)),
                })
              }
            />
          ))}
        </SimpleGrid>
      )}
      <SaveButton onClick={() => form.save()} loading={form.saving} />
    </Block>
  );
}
