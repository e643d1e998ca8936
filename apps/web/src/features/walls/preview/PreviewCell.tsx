import { Box, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { tileRect, tileStyle, type WallCell, type WallGrid } from '@vitrine/core';
import { TestCard } from './TestCard';
import type { useWallDrag } from './useWallDrag';

/** How the screen hanging in a cell is turned, as the arrow of its own top edge (the player turns it back). */
const ARROW_DEGREES = { NORMAL: 0, LEFT: -90, RIGHT: 90, UPSIDE_DOWN: 180 } as const;

/** A badge in the cell's corner: an arrow for how its screen is turned, named for assistive technology. */
function RotationBadge({ rotation }: { rotation: Exclude<WallCell['rotation'], 'NORMAL'> }) {
  const { t } = useTranslation();
  return (
    <Box
      title={t(`points.rotations.${rotation}`)}
      style={{
        position: 'absolute',
        top: 2,
        right: 4,
        color: '#fff',
        background: 'rgba(0, 0, 0, 0.6)',
        borderRadius: 3,
        padding: '0 4px',
        lineHeight: 1.3,
      }}
    >
      <span
        aria-hidden
        style={{ display: 'inline-block', transform: `rotate(${ARROW_DEGREES[rotation]}deg)` }}
      >
        ↑
      </span>
      <VisuallyHidden>{t(`points.rotations.${rotation}`)}</VisuallyHidden>
    </Box>
  );
}

export interface PreviewCellProps {
  grid: WallGrid;
  canvas: { width: number; height: number };
  scale: number;
  column: number;
  row: number;
  /** The cell's key, as its drop target carries it. */
  dropKey: string;
  cell: WallCell | undefined;
  /** The screen's name (null for an empty cell). */
  name: string | null;
  /** The accessible name: where the cell is and which screen hangs there. */
  label: string;
  chosen: boolean;
  lit: boolean;
  readOnly: boolean;
  onPress: () => void;
  dragProps: ReturnType<typeof useWallDrag>['dragProps'];
}

/** One cell: its part of the test card (core's tileStyle), its screen's name and turn; press or drop on it. */
export function PreviewCell(props: PreviewCellProps) {
  const { grid, canvas, scale, column, row, dropKey, cell, name, label, chosen, lit, readOnly } = props;
  const { t } = useTranslation();
  const rect = tileRect(grid, column, row);
  const box = { width: rect.width * scale, height: rect.height * scale };
  const crop = tileStyle({ tile: rect, canvas, placements: [] }, 0, box);
  return (
    <UnstyledButton
      data-drop-cell={dropKey}
      aria-pressed={chosen}
      aria-label={label}
      disabled={readOnly}
      onClick={props.onPress}
      {...(cell ? props.dragProps(cell.pointId, name ?? '') : {})}
      style={{
        position: 'absolute',
        left: rect.x * scale,
        top: rect.y * scale,
        width: box.width,
        height: box.height,
        overflow: 'hidden',
        outline: lit ? '3px solid var(--mantine-color-blue-filled)' : '1px solid #000',
        outlineOffset: lit ? -3 : -1,
        cursor: readOnly ? 'default' : cell ? 'grab' : 'pointer',
        ...(cell && !readOnly ? { touchAction: 'none' } : {}),
      }}
    >
      <Box style={{ position: 'absolute', inset: 0, opacity: cell ? 1 : 0.3 }}>
        <TestCard width={canvas.width} height={canvas.height} style={crop} />
      </Box>
      <Text
        size="xs"
        fw={600}
        truncate
        style={{
          position: 'absolute',
          left: 0,
          right: 0,
          bottom: 0,
          padding: '1px 4px',
          color: '#fff',
          background: 'rgba(0, 0, 0, 0.6)',
        }}
      >
        {name ?? t('walls.noScreen')}
      </Text>
      {cell && cell.rotation !== 'NORMAL' && <RotationBadge rotation={cell.rotation} />}
    </UnstyledButton>
  );
}
