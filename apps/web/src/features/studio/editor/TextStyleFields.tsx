import { ColorInput, Group, NumberInput, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TextStyle } from '@vitrine/core';
import { fontChoices } from '../fonts';
import type { StudioEditor } from './useStudioEditor';

interface TextStyleFieldsProps {
  style: TextStyle;
  fontFiles: StudioEditor['fontFiles'];
  onChange: (change: Partial<TextStyle>) => void;
}

/** A text layer's style: font (bundled or uploaded), size, weight, colour and alignment. */
export function TextStyleFields({ style, fontFiles, onChange: setStyle }: TextStyleFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <Select
        size="xs"
        label={t('studio.font')}
        description={t('studio.fontsHint')}
        data={fontChoices(t, fontFiles, style.fontFamily)}
        value={style.fontFamily}
        allowDeselect={false}
        onChange={(fontFamily) => fontFamily && setStyle({ fontFamily })}
      />
      <Group grow gap="xs">
        <NumberInput
          size="xs"
          label={t('studio.fontSize')}
          min={1}
          max={2000}
          value={style.fontSize}
          onChange={(v) => typeof v === 'number' && v >= 1 && setStyle({ fontSize: v })}
        />
        <Select
          size="xs"
          label={t('studio.fontWeight')}
          data={['300', '400', '500', '700', '900']}
          value={String(style.fontWeight)}
          allowDeselect={false}
          onChange={(v) => v && setStyle({ fontWeight: Number(v) })}
        />
      </Group>
      <ColorInput
        size="xs"
        label={t('studio.textColor')}
        format="hex"
        value={style.color}
        onChange={(color) => /^#[0-9a-f]{6}$/i.test(color) && setStyle({ color })}
      />
      <Select
        size="xs"
        label={t('studio.align')}
        data={(['left', 'center', 'right', 'justify'] as const).map((a) => ({
          value: a,
          label: t(`studio.aligns.${a}`),
        }))}
        value={style.align}
        allowDeselect={false}
        onChange={(v) => v && setStyle({ align: v as TextStyle['align'] })}
      />
    </>
  );
}
