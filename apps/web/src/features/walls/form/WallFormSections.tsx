import { Group, NumberInput, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { WALL_GRID } from '@vitrine/core';
import { WallCells, type ScreenChoice } from '../WallCells';
import { WallPreview } from '../WallPreview';
import type { WallFormState } from './useWallForm';

/** The wall's name and grid (columns and rows). */
export function GridSection({ state }: { state: WallFormState }) {
  const { t } = useTranslation();
  const { form, canEdit, values, resize } = state;
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack>
        <TextInput label={t('walls.name')} required readOnly={!canEdit} {...form.inputProps('name')} />
        <Group grow align="flex-start">
          <NumberInput
            label={t('walls.columns')}
            min={WALL_GRID.min}
            max={WALL_GRID.max}
            allowDecimal={false}
            value={values.width}
            readOnly={!canEdit}
            error={form.errors.width}
            onChange={(value) => resize('width', value)}
          />
          <NumberInput
            label={t('walls.rows')}
            min={WALL_GRID.min}
            max={WALL_GRID.max}
            allowDecimal={false}
            value={values.height}
            readOnly={!canEdit}
            error={form.errors.height}
            onChange={(value) => resize('height', value)}
          />
        </Group>
      </Stack>
    </Paper>
  );
}

/** A screen's size: pixels, then millimetres (optional) for the frames between screens; the canvas it makes. */
export function ScreenSizeSection({ state }: { state: WallFormState }) {
  const { t } = useTranslation();
  const { form, canEdit, screen, canvas, setScreen } = state;
  const mm = (key: 'widthMm' | 'heightMm' | 'bezelMm', label: string) => (
    <NumberInput
      label={label}
      value={screen[key] ?? ''}
      min={0}
      decimalScale={1}
      suffix=" mm"
      readOnly={!canEdit}
      error={form.errors[`screen.${key}`]}
      onChange={(value) => setScreen(key, value)}
    />
  );
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack>
        <Title order={2} size="h4">
          {t('walls.screenSize')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('walls.screenSizeHint')}
        </Text>
        <Group grow align="flex-start">
          <NumberInput
            label={t('walls.widthPx')}
            value={screen.widthPx}
            min={16}
            allowDecimal={false}
            readOnly={!canEdit}
            error={form.errors['screen.widthPx']}
            onChange={(value) => setScreen('widthPx', value)}
          />
          <NumberInput
            label={t('walls.heightPx')}
            value={screen.heightPx}
            min={16}
            allowDecimal={false}
            readOnly={!canEdit}
            error={form.errors['screen.heightPx']}
            onChange={(value) => setScreen('heightPx', value)}
          />
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 3 }}>
          {mm('widthMm', t('walls.widthMm'))}
          {mm('heightMm', t('walls.heightMm'))}
          {mm('bezelMm', t('walls.bezelMm'))}
        </SimpleGrid>
        <Text fw={500} data-testid="wall-canvas">
          {t('walls.canvasIs', { width: canvas.width, height: canvas.height })}
        </Text>
      </Stack>
    </Paper>
  );
}

/** The cells: the preview (when the grid and screen are valid) and the list of cells. */
export function CellsSection({ state, choices }: { state: WallFormState; choices: ScreenChoice[] }) {
  const { t } = useTranslation();
  const { form, canEdit, values, screen, cells, grid } = state;
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack>
        <Title order={2} size="h4">
          {t('walls.cells')}
        </Title>
        {grid.columns >= WALL_GRID.min &&
          grid.rows >= WALL_GRID.min &&
          grid.columns <= WALL_GRID.max &&
          grid.rows <= WALL_GRID.max &&
          screen.widthPx > 0 &&
          screen.heightPx > 0 && (
            <WallPreview
              grid={grid}
              cells={cells}
              screens={choices}
              readOnly={!canEdit}
              onChange={(next) => form.set('cells', next)}
            />
          )}
        <WallCells
          width={values.width}
          height={values.height}
          cells={cells}
          screens={choices}
          errors={form.errors}
          readOnly={!canEdit}
          onChange={(next) => form.set('cells', next)}
        />
      </Stack>
    </Paper>
  );
}
