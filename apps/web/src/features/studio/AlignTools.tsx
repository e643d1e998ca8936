import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';
import {
  IconLayoutAlignBottom,
  IconLayoutAlignCenter,
  IconLayoutAlignLeft,
  IconLayoutAlignMiddle,
  IconLayoutAlignRight,
  IconLayoutAlignTop,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ALIGNMENTS, type Alignment } from '@vitrine/core';

const ICONS: Record<Alignment, typeof IconLayoutAlignLeft> = {
  left: IconLayoutAlignLeft,
  center: IconLayoutAlignCenter,
  right: IconLayoutAlignRight,
  top: IconLayoutAlignTop,
  middle: IconLayoutAlignMiddle,
  bottom: IconLayoutAlignBottom,
};

/** The align tools: the selected layer to the canvas's left, centre, right, top, middle or bottom. */
export function AlignTools({ disabled, onAlign }: { disabled: boolean; onAlign: (to: Alignment) => void }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} role="group" aria-label={t('studio.alignTo.label')}>
      <Text size="xs" mr={4}>
        {t('studio.alignTo.label')}
      </Text>
      {ALIGNMENTS.map((to) => {
        const Icon = ICONS[to];
        return (
          <Tooltip key={to} label={t(`studio.alignTo.${to}`)}>
            <ActionIcon
              variant="default"
              size="sm"
              disabled={disabled}
              aria-label={t(`studio.alignTo.${to}`)}
              onClick={() => onAlign(to)}
            >
              <Icon size={16} />
            </ActionIcon>
          </Tooltip>
        );
      })}
    </Group>
  );
}
