import { useState } from 'react';
import { Box, Button, Group, Stack, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { canvasSize, type WallCell, type WallGrid } from '@vitrine/core';
import { assignScreen, clearCell } from './cells';
import type { ScreenChoice } from './WallCells';
import { keyOf, placesOf, previewScale, type Place } from './preview/geometry';
import { PreviewCell } from './preview/PreviewCell';
import { DragGhost, ScreenPalette } from './preview/ScreenPalette';
import { useWallDrag } from './preview/useWallDrag';

interface WallPreviewProps {
  grid: WallGrid;
  cells: WallCell[];
  screens: ScreenChoice[];
  readOnly: boolean;
  onChange: (cells: WallCell[]) => void;
}

/**
 * Choosing without a pointer: a cell and then a screen, or a screen and then a cell, puts the screen
 * there (a drag does the same through `put`); what is chosen is said in the status line.
 */
function useWallChoice({ grid, cells, screens, readOnly, onChange }: WallPreviewProps) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<Place | null>(null);
  const [picked, setPicked] = useState<number | null>(null);
  const names = new Map(screens.map((s) => [Number(s.value), s.label]));
  const placeName = (p: Place) => t('walls.cell', { column: p.column + 1, row: p.row + 1 });
  const put = (pointId: number, p: Place) => {
    onChange(assignScreen(cells, pointId, p.column, p.row));
    setChosen(null);
    setPicked(null);
  };
  const drag = useWallDrag(readOnly, put);
  const pressCell = (p: Place) => {
    if (drag.wasDrag() || readOnly) return;
    if (picked !== null) put(picked, p);
    else setChosen(chosen && keyOf(chosen) === keyOf(p) ? null : p);
  };
  const pressScreen = (pointId: number) => {
    if (drag.wasDrag() || readOnly) return;
    if (chosen) put(pointId, chosen);
    else setPicked(picked === pointId ? null : pointId);
  };
  const clearChosen = () => {
    if (chosen) onChange(clearCell(cells, chosen.column, chosen.row));
    setChosen(null);
  };
  const empty = grid.columns * grid.rows - cells.length;
  const status = chosen
    ? t('walls.chosenCell', { place: placeName(chosen) })
    : picked !== null
      ? t('walls.pickedScreen', { name: names.get(picked) ?? '' })
      : empty > 0
        ? t('walls.emptyCells', { count: empty })
        : '';
  return { chosen, picked, names, placeName, pressCell, pressScreen, clearChosen, status, drag };
}

/**
 * The wall as it hangs: each cell shows its part of a test card with core's `tileStyle` (what the player
 * lays out), the frames between screens dark where they hide pixels, each screen's name and how it is
 * turned. Screens are put into cells by dragging them there (mouse, pen or touch), or without a pointer by
 * choosing a cell and then a screen (or a screen and then a cell); a screen dragged or chosen from one cell
 * into another swaps the two.
 */
export function WallPreview(props: WallPreviewProps) {
  const { grid, cells, screens, readOnly } = props;
  const { t } = useTranslation();
  const { ref, width: room } = useElementSize();
  const choice = useWallChoice(props);
  const { chosen, names, placeName, drag } = choice;
  const canvas = canvasSize(grid);
  const scale = previewScale(room, canvas);
  const offered = screens.filter((s) => !s.disabled).sort((a, b) => a.label.localeCompare(b.label));
  const cellAt = (p: Place) => cells.find((c) => c.column === p.column && c.row === p.row);
  const chosenCell = chosen ? cellAt(chosen) : undefined;

  return (
    <Stack gap="sm">
      {!readOnly && (
        <>
          <Text size="sm" c="dimmed" id="wall-preview-hint">
            {t('walls.previewHint')}
          </Text>
          <ScreenPalette
            offered={offered}
            cells={cells}
            picked={choice.picked}
            onPress={choice.pressScreen}
            dragProps={drag.dragProps}
          />
        </>
      )}
      <Box ref={ref} w="100%">
        <Box
          pos="relative"
          role="group"
          aria-label={t('walls.preview')}
          data-testid="wall-preview"
          w={canvas.width * scale}
          h={canvas.height * scale}
          style={{ background: '#111', borderRadius: 4 }}
        >
          {placesOf(grid).map((p) => {
            const cell = cellAt(p);
            const name = cell ? (names.get(cell.pointId) ?? `#${cell.pointId}`) : null;
            const key = keyOf(p);
            const isChosen = chosen !== null && keyOf(chosen) === key;
            return (
              <PreviewCell
                key={key}
                {...{ grid, canvas, scale, cell, name, readOnly, column: p.column, row: p.row, dropKey: key }}
                label={`${placeName(p)}: ${name ?? t('walls.noScreen')}`}
                chosen={isChosen}
                lit={drag.over === key || isChosen}
                onPress={() => choice.pressCell(p)}
                dragProps={drag.dragProps}
              />
            );
          })}
        </Box>
      </Box>
      {!readOnly && (
        <Group gap="xs">
          <Text size="sm" aria-live="polite" data-testid="wall-preview-status">
            {choice.status}
          </Text>
          {chosen && chosenCell && (
            <Button size="compact-sm" variant="subtle" onClick={choice.clearChosen}>
              {t('walls.clearCell', { place: placeName(chosen) })}
            </Button>
          )}
        </Group>
      )}
      {drag.ghost && <DragGhost ghost={drag.ghost} />}
    </Stack>
  );
}
