import { useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { Box, Button, Group, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { canvasSize, tileRect, tileStyle, type WallCell, type WallGrid } from '@vitrine/core';
import { assignScreen, clearCell } from './cells';
import type { ScreenChoice } from './WallCells';

/** The preview is at most this wide and this tall (px). */
const MAX_WIDTH = 760;
const MAX_HEIGHT = 460;
/** A press that moves this far (px) is a drag, not a click. */
const DRAG_FROM_PX = 5;
/** How the screen hanging in a cell is turned, as the arrow of its own top edge (the player turns it back). */
const ARROW_DEGREES = { NORMAL: 0, LEFT: -90, RIGHT: 90, UPSIDE_DOWN: 180 } as const;

type Place = { column: number; row: number };
const keyOf = (p: Place) => `${p.column}:${p.row}`;

/** A test card as big as the wall's canvas: bars, a circle and its diagonals show where the seams fall. */
function TestCard({ width, height, style }: { width: number; height: number; style: object }) {
  const bars = ['#f4d35e', '#9bd1e5', '#a8e0a0', '#f4a6c0', '#c3b1e1', '#f7b267', '#8fd3c7', '#d9d9d9'];
  const side = Math.min(width, height);
  const stroke = Math.max(2, side / 70);
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      aria-hidden
      style={{ position: 'absolute', left: 0, top: 0, transformOrigin: '0 0', ...style }}
    >
      {bars.map((fill, i) => (
        <rect
          key={fill}
          x={(i * width) / bars.length}
          y={0}
          width={width / bars.length + 1}
          height={height}
          fill={fill}
        />
      ))}
      <g stroke="#1f2933" strokeWidth={stroke} fill="none">
        <line x1={0} y1={0} x2={width} y2={height} />
        <line x1={width} y1={0} x2={0} y2={height} />
        <circle cx={width / 2} cy={height / 2} r={side * 0.42} />
        <line
          x1={width / 2}
          y1={0}
          x2={width / 2}
          y2={height}
          strokeDasharray={`${stroke * 4} ${stroke * 3}`}
        />
        <line
          x1={0}
          y1={height / 2}
          x2={width}
          y2={height / 2}
          strokeDasharray={`${stroke * 4} ${stroke * 3}`}
        />
      </g>
    </svg>
  );
}

/**
 * The wall as it hangs: each cell shows its part of a test card with core's `tileStyle` (what the player
 * lays out), the frames between screens dark where they hide pixels, each screen's name and how it is
 * turned. Screens are put into cells by dragging them there (mouse, pen or touch), or without a pointer by
 * choosing a cell and then a screen (or a screen and then a cell); a screen dragged or chosen from one cell
 * into another swaps the two.
 */
export function WallPreview({
  grid,
  cells,
  screens,
  readOnly,
  onChange,
}: {
  grid: WallGrid;
  cells: WallCell[];
  screens: ScreenChoice[];
  readOnly: boolean;
  onChange: (cells: WallCell[]) => void;
}) {
  const { t } = useTranslation();
  const { ref, width: room } = useElementSize();
  const [chosen, setChosen] = useState<Place | null>(null);
  const [picked, setPicked] = useState<number | null>(null);
  const [ghost, setGhost] = useState<{ label: string; x: number; y: number } | null>(null);
  const [over, setOver] = useState<string | null>(null);
  const drag = useRef<{ pointId: number; label: string; x: number; y: number; moved: boolean } | null>(null);
  const dragged = useRef(false);

  const canvas = canvasSize(grid);
  const scale = Math.min(
    (room || MAX_WIDTH) / canvas.width,
    MAX_WIDTH / canvas.width,
    MAX_HEIGHT / canvas.height,
  );
  const names = new Map(screens.map((s) => [Number(s.value), s.label]));
  const offered = screens.filter((s) => !s.disabled).sort((a, b) => a.label.localeCompare(b.label));
  const cellAt = (p: Place) => cells.find((c) => c.column === p.column && c.row === p.row);
  const placeName = (p: Place) => t('walls.cell', { column: p.column + 1, row: p.row + 1 });

  const put = (pointId: number, p: Place) => {
    onChange(assignScreen(cells, pointId, p.column, p.row));
    setChosen(null);
    setPicked(null);
  };

  // ---- dragging (pointer events: mouse, pen and touch alike) ----
  const startDrag = (pointId: number, label: string) => (event: ReactPointerEvent<HTMLElement>) => {
    if (readOnly || event.button !== 0) return;
    drag.current = { pointId, label, x: event.clientX, y: event.clientY, moved: false };
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const moveDrag = (event: ReactPointerEvent<HTMLElement>) => {
    const d = drag.current;
    if (!d) return;
    if (!d.moved && Math.hypot(event.clientX - d.x, event.clientY - d.y) < DRAG_FROM_PX) return;
    d.moved = true;
    setGhost({ label: d.label, x: event.clientX, y: event.clientY });
    const target = document.elementFromPoint(event.clientX, event.clientY)?.closest('[data-drop-cell]');
    setOver(target?.getAttribute('data-drop-cell') ?? null);
  };
  const endDrag = (event: ReactPointerEvent<HTMLElement>) => {
    const d = drag.current;
    drag.current = null;
    if (!d?.moved) return;
    // The click that follows the release is the drag's, not a choice.
    dragged.current = true;
    const target = document.elementFromPoint(event.clientX, event.clientY)?.closest('[data-drop-cell]');
    const [column, row] = (target?.getAttribute('data-drop-cell') ?? '').split(':').map(Number);
    if (column !== undefined && row !== undefined && Number.isInteger(column) && Number.isInteger(row))
      put(d.pointId, { column, row });
    setGhost(null);
    setOver(null);
  };
  const cancelDrag = () => {
    drag.current = null;
    setGhost(null);
    setOver(null);
  };
  const dragProps = (pointId: number, label: string) =>
    readOnly
      ? {}
      : {
          onPointerDown: startDrag(pointId, label),
          onPointerMove: moveDrag,
          onPointerUp: endDrag,
          onPointerCancel: cancelDrag,
          style: { touchAction: 'none' as const, cursor: 'grab' },
        };
  const wasDrag = () => {
    const was = dragged.current;
    dragged.current = false;
    return was;
  };

  // ---- choosing without a pointer ----
  const pressCell = (p: Place) => {
    if (wasDrag() || readOnly) return;
    if (picked !== null) put(picked, p);
    else setChosen(chosen && keyOf(chosen) === keyOf(p) ? null : p);
  };
  const pressScreen = (pointId: number) => {
    if (wasDrag() || readOnly) return;
    if (chosen) put(pointId, chosen);
    else setPicked(picked === pointId ? null : pointId);
  };
  const chosenCell = chosen ? cellAt(chosen) : undefined;
  const empty = grid.columns * grid.rows - cells.length;
  const status = chosen
    ? t('walls.chosenCell', { place: placeName(chosen) })
    : picked !== null
      ? t('walls.pickedScreen', { name: names.get(picked) ?? '' })
      : empty > 0
        ? t('walls.emptyCells', { count: empty })
        : '';

  return (
    <Stack gap="sm">
      {!readOnly && (
        <>
          <Text size="sm" c="dimmed" id="wall-preview-hint">
            {t('walls.previewHint')}
          </Text>
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
                  onClick={() => pressScreen(pointId)}
                  {...dragProps(pointId, s.label)}
                >
                  {on ? t('walls.screenPlaced', { name: s.label }) : s.label}
                </Button>
              );
            })}
          </Group>
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
          {Array.from({ length: grid.columns * grid.rows }, (_, n) => {
            const p = { column: n % grid.columns, row: Math.floor(n / grid.columns) };
            const cell = cellAt(p);
            const rect = tileRect(grid, p.column, p.row);
            const box = { width: rect.width * scale, height: rect.height * scale };
            const crop = tileStyle({ tile: rect, canvas, placements: [] }, 0, box);
            const name = cell ? (names.get(cell.pointId) ?? `#${cell.pointId}`) : null;
            const key = keyOf(p);
            const lit = over === key || (chosen !== null && keyOf(chosen) === key);
            return (
              <UnstyledButton
                key={key}
                data-drop-cell={key}
                aria-pressed={chosen !== null && keyOf(chosen) === key}
                aria-label={`${placeName(p)}: ${name ?? t('walls.noScreen')}`}
                disabled={readOnly}
                onClick={() => pressCell(p)}
                {...(cell ? dragProps(cell.pointId, name ?? '') : {})}
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
                {cell && cell.rotation !== 'NORMAL' && (
                  <Box
                    title={t(`points.rotations.${cell.rotation}`)}
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
                      style={{
                        display: 'inline-block',
                        transform: `rotate(${ARROW_DEGREES[cell.rotation]}deg)`,
                      }}
                    >
                      ↑
                    </span>
                    <VisuallyHidden>{t(`points.rotations.${cell.rotation}`)}</VisuallyHidden>
                  </Box>
                )}
              </UnstyledButton>
            );
          })}
        </Box>
      </Box>
      {!readOnly && (
        <Group gap="xs">
          <Text size="sm" aria-live="polite" data-testid="wall-preview-status">
            {status}
          </Text>
          {chosen && chosenCell && (
            <Button
              size="compact-sm"
              variant="subtle"
              onClick={() => {
                onChange(clearCell(cells, chosen.column, chosen.row));
                setChosen(null);
              }}
            >
              {t('walls.clearCell', { place: placeName(chosen) })}
            </Button>
          )}
        </Group>
      )}
      {ghost && (
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
      )}
    </Stack>
  );
}
