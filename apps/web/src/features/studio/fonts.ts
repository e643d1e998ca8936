import type { ComboboxData } from '@mantine/core';
import type { TFunction } from 'i18next';
import { FONT_FAMILIES, type FileItem } from '@vitrine/core';

/**
 * The font picker's choices (docs/studio.md): the fonts the product ships, then the cabinet's uploaded
 * ones by the family read from each file, then the layer's own family when neither has it (it is drawn
 * in a fallback, and the editor says so).
 */
export function fontChoices(
  t: TFunction,
  fontFiles: readonly Pick<FileItem, 'fontFamily'>[],
  current: string,
): ComboboxData {
  const shipped: string[] = [...FONT_FAMILIES];
  const uploaded = [...new Set(fontFiles.flatMap((f) => (f.fontFamily ? [f.fontFamily] : [])))]
    .filter((family) => !shipped.includes(family))
    .sort((a, b) => a.localeCompare(b));
  const known = new Set([...shipped, ...uploaded]);
  return [
    { group: t('studio.fontsShipped'), items: shipped },
    ...(uploaded.length > 0 ? [{ group: t('studio.fontsUploaded'), items: uploaded }] : []),
    ...(known.has(current) ? [] : [{ group: t('studio.fontsMissing'), items: [current] }]),
  ];
}
