import { Box, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { WallCell } from '@vitrine/core';
import type { ScreenChoice } from '../WallCells';
import type { useWallDrag } from './useWallDrag';

interface ScreenPaletteProps {
  /** The screens that may hang on the wall, by name. */
  offered: ScreenChoice[];
  cells: WallCell[];
  picked: number | null;
  onPress: (pointId: number) => void;
  dragProps: ReturnType<typeof useWallDrag>['dragProps'];
}

/** The screens to place: press one (then a cell) or drag it into a cell; those on the wall say so. */
export function ScreenPalette({ offered, cells, picked, onPress, dragProps }: ScreenPaletteProps) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" role="group" aria-label={t('walls.palette')} data-testid="wall-palette">
      {offered.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('walls.noScreensToPlace')}
        </Text>
      )}
      {offered.map((s) => {
        const pointId = Number(s.value);
        const on = cells.some((c) => c.pointId === pointId);
        return (
          <Button
            key={s.value}
            size="xs"
            variant={picked === pointId ? 'filled' : on ? 'default' : 'light'}
            aria-pressed={picked === pointId}
            aria-describedby="wall-preview-hint"
            data-screen={s.value}
            onClick={() => onPress(pointId)}
            {...dragProps(pointId, s.label)}
          >
            {on ? t('walls.screenPlaced', { name: s.label }) : s.label}
          </Button>
        );
      })}
    </Group>
  );
}

/** The dragged screen's label, following the pointer. */
export function DragGhost({ ghost }: { ghost: { label: string; x: number; y: number } }) {
  return (
    <Box
      aria-hidden
      style={{
        position: 'fixed',
        left: ghost.x + 8,
        top: ghost.y + 8,
        pointerEvents: 'none',
        zIndex: 1000,
        padding: '2px 8px',
        borderRadius: 4,
        background: 'var(--mantine-color-blue-filled)',
        color: '#fff',
        fontSize: 12,
      }}
    >
      {ghost.label}
    </Box>
  );
}
