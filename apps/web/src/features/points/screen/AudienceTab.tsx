import { Checkbox, NumberInput, SimpleGrid, TextInput } from '@mantine/core';
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
          error={form.errors['audience.viewers'] ?? form.errors.audience}
          onChange={(n) => form.set('audience', { ...audience, viewers: Number(n) || 0 })}
        />
        <TextInput
          label={t('points.playbackCost')}
          description={t('points.playbackCostHint')}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          inputMode="decimal"
          value={form.values.playbackCost ?? ''}
          error={form.errors.playbackCost}
          onChange={(e) => {
            // A decimal comma (0,5) is read as the point the schema takes; an empty field clears the cost.
            const text = e.currentTarget.value.trim().replace(',', '.');
            form.set('playbackCost', text === '' ? null : text);
          }}
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
