import { ActionIcon, Button, Group, Tooltip } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconZoomOut } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Zoomed into an hour: the hour before, the hour after, and the whole day again. */
export function ZoomControls({
  zoom,
  hours,
  setZoom,
}: {
  zoom: number;
  hours: number;
  setZoom: (zoom: number | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap">
      <Tooltip label={t('schedule.previousHour')}>
        <ActionIcon
          variant="default"
          aria-label={t('schedule.previousHour')}
          disabled={zoom === 0}
          onClick={() => setZoom(zoom - 1)}
        >
          <IconChevronLeft size={16} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('schedule.nextHour')}>
        <ActionIcon
          variant="default"
          aria-label={t('schedule.nextHour')}
          disabled={zoom >= hours - 1}
          onClick={() => setZoom(zoom + 1)}
        >
          <IconChevronRight size={16} />
        </ActionIcon>
      </Tooltip>
      <Button
        size="compact-sm"
        variant="default"
        leftSection={<IconZoomOut size={14} />}
        onClick={() => setZoom(null)}
      >
        {t('schedule.showWholeDay')}
      </Button>
    </Group>
  );
}
