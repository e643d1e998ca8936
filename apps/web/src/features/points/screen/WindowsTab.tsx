import { useTranslation } from 'react-i18next';
import { type Point } from '@vitrine/core';
import { SettingInput } from '../SettingFields';

import { Block, SaveButton, useSettingsForm } from './shared';

export function WindowsTab({ point }: { point: Point }) {
  const { t } = useTranslation();
  const form = useSettingsForm(point, (p) => ({ windows: p.windows }));
  return (
    <Block title={t('pointTabs.windows')}>
      <SettingInput
        field="windows"
        value={form.values.windows ?? point.windows}
        onChange={(w) => form.set('windows', w)}
      />
      <SaveButton onClick={() => form.save()} loading={form.saving} />
    </Block>
  );
}
