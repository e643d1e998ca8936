import { Paper, ScrollArea, Select, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ROTATIONS, type Rotation, type WallCell } from '@vitrine/core';

export interface ScreenChoice {
  value: string;
  label: string;
  disabled?: boolean;
}

/** Width of one cell's card, so a wide grid scrolls rather than squeezing its pickers. */
const CELL_WIDTH = 136;

/**
 * The wall's grid, row by row: each cell picks one of the cabinet's screens and its rotation. A cell
 * without a screen is simply absent from `cells`.
 */
export function WallCells({
  width,
  height,
  cells,
  screens,
  errors,
  readOnly,
  onChange,
}: {
  width: number;
  height: number;
  cells: WallCell[];
  screens: ScreenChoice[];
  errors: Record<string, string>;
  readOnly: boolean;
  onChange: (cells: WallCell[]) => void;
}) {
  const { t } = useTranslation();
  const at = (column: number, row: number) => cells.findIndex((c) => c.column === column && c.row === row);
  const put = (column: number, row: number, change: Partial<WallCell> | null) => {
    const i = at(column, row);
    const rest = cells.filter((_, j) => j !== i);
    if (change === null) return onChange(rest);
    const base: WallCell = cells[i] ?? { column, row, pointId: 0, rotation: 'NORMAL' };
    onChange([...rest, { ...base, ...change }]);
  };
  const error = (i: number) =>
    i < 0
      ? undefined
      : (errors[`cells.${i}.pointId`] ?? errors[`cells.${i}.column`] ?? errors[`cells.${i}.row`]);

  return (
    <ScrollArea type="auto" offsetScrollbars>
      <SimpleGrid
        cols={width}
        spacing="xs"
        miw={width * CELL_WIDTH}
        role="group"
        aria-label={t('walls.cells')}
      >
        {Array.from({ length: width * height }, (_, n) => {
          const column = n % width;
          const row = Math.floor(n / width);
          const i = at(column, row);
          const cell = i >= 0 ? cells[i] : undefined;
          const place = t('walls.cell', { column: column + 1, row: row + 1 });
          return (
            <Paper key={`${column}:${row}`} withBorder p="xs" radius="sm" data-cell={`${column}:${row}`}>
              <Text size="xs" c="dimmed" mb={4}>
                {place}
              </Text>
              <Select
                size="xs"
                aria-label={t('walls.screenOf', { place })}
                placeholder={t('walls.noScreen')}
                data={screens}
                value={cell ? String(cell.pointId) : null}
                searchable
                clearable
                readOnly={readOnly}
                error={error(i)}
                onChange={(value) => put(column, row, value ? { pointId: Number(value) } : null)}
              />
              <Select
                size="xs"
                mt={4}
                aria-label={t('walls.rotationOf', { place })}
                data={ROTATIONS.map((r) => ({ value: r, label: t(`points.rotations.${r}`) }))}
                value={cell?.rotation ?? 'NORMAL'}
                allowDeselect={false}
                disabled={!cell}
                readOnly={readOnly}
                onChange={(value) => value && put(column, row, { rotation: value as Rotation })}
              />
            </Paper>
          );
        })}
      </SimpleGrid>
    </ScrollArea>
  );
}
