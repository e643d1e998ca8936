import {
  Button,
  Group,
  Loader,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import {
  WALL_DEFAULT_SCREEN,
  WALL_GRID,
  WallInput,
  canvasSize,
  wallCellProblems,
  type Wall,
  type WallCell,
} from '@vitrine/core';
import type { z } from 'zod';
import { translateMessage } from '../../lib/messages';
import { usePermission } from '../../lib/permissions';
import { useSaveShortcut, useUnsavedChanges } from '../../lib/unsaved';
import { useFormSubmit, useZodForm } from '../../lib/useZodForm';
import { WallCells, type ScreenChoice } from './WallCells';
import { WallPreview } from './WallPreview';
import { WallLive } from './WallStatus';
import { useAllWalls, useWallActions, useWall, useWallScreens } from './walls.api';

type Values = z.input<typeof WallInput>;
type Screen = NonNullable<Values['screen']>;

const EMPTY: Values = {
  name: '',
  width: 2,
  height: 2,
  screen: { ...WALL_DEFAULT_SCREEN, widthMm: null, heightMm: null, bezelMm: null },
  cells: [],
};

/** The cabinet's screens for the pickers; screens of other walls shown but not offered. */
function useScreenChoices(wall: Wall | undefined, canList: boolean): ScreenChoice[] {
  const { t } = useTranslation();
  const screens = useWallScreens(canList);
  const walls = useAllWalls(canList);
  const heldBy = new Map<number, string>();
  for (const other of walls.data?.items ?? []) {
    if (other.id !== wall?.id) for (const p of other.points) heldBy.set(p.id, other.name);
  }
  const known = new Map<number, string>((wall?.points ?? []).map((p) => [p.id, p.name]));
  for (const p of screens.data?.points ?? []) known.set(p.id, p.name);
  return [...known].map(([id, name]) => {
    const other = heldBy.get(id);
    return {
      value: String(id),
      label: other ? t('walls.inWall', { name, wall: other }) : name,
      disabled: other !== undefined,
    };
  });
}

function WallForm({ wall }: { wall?: Wall }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canEdit = usePermission('wall.create');
  const canList = usePermission('point.list');
  const { save } = useWallActions();
  const form = useZodForm(
    WallInput,
    wall
      ? { name: wall.name, width: wall.width, height: wall.height, screen: wall.screen, cells: wall.cells }
      : EMPTY,
  );
  const choices = useScreenChoices(wall, canList && canEdit);
  const values = form.values;
  const screen = { ...EMPTY.screen!, ...values.screen } as Required<Screen>;
  const cells = (values.cells ?? []) as WallCell[];
  const grid = { columns: values.width, rows: values.height, screen };
  const canvas = canvasSize(grid);

  const checked = {
    validate: () => {
      const body = form.validate();
      if (!body) return null;
      const problems = wallCellProblems(body, body.cells ?? []);
      if (Object.keys(problems).length === 0) return body;
      form.setErrors(Object.fromEntries(Object.entries(problems).map(([k, v]) => [k, translateMessage(v)])));
      return null;
    },
    showServerError: form.showServerError,
    markSaved: form.markSaved,
  };
  useUnsavedChanges(form.isDirty);
  const { busy, onSubmit } = useFormSubmit(
    checked,
    (body) => save.mutateAsync(wall ? { id: wall.id, body } : { id: null, body }),
    {
      onSuccess: (saved) => {
        if (!wall) void navigate({ to: '/wall/$id', params: { id: String(saved.id) } });
      },
    },
  );

  // Ctrl+S saves, from inside a field too (for those who may change the wall).
  useSaveShortcut(() => canEdit && onSubmit());

  /** A new grid size: cells that fall outside it leave the wall. */
  const resize = (side: 'width' | 'height', value: number | string) => {
    const n = typeof value === 'number' ? value : Number.parseInt(value, 10);
    if (!Number.isInteger(n)) return;
    form.set(side, n);
    const next = { width: values.width, height: values.height, [side]: n };
    form.set(
      'cells',
      cells.filter((c) => c.column < next.width && c.row < next.height),
    );
  };
  const setScreen = (key: keyof Screen, value: number | string) =>
    form.set('screen', { ...screen, [key]: typeof value === 'number' ? value : null });
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
    <form onSubmit={onSubmit} noValidate>
      <Stack>
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
        {form.errors._ && <Text c="red">{form.errors._}</Text>}
        {canEdit && (
          <Button type="submit" loading={busy} style={{ alignSelf: 'flex-start' }}>
            {t('common.save')}
          </Button>
        )}
      </Stack>
    </form>
  );
}

/** /wall/create and /wall/{id}: a wall's name, grid, screen sizes and cells; read-only without wall.create. */
export function WallEditPage() {
  const { t } = useTranslation();
  const params = useParams({ strict: false });
  const id = params.id ? Number(params.id) : null;
  const { data: wall } = useWall(id);
  return (
    <Stack>
      <Title order={1} size="h2">
        {id === null ? t('sections.wallCreate') : (wall?.name ?? t('sections.wallEdit'))}
      </Title>
      {id === null ? (
        <WallForm />
      ) : wall ? (
        <>
          <WallForm key={wall.id} wall={wall} />
          <WallLive wall={wall} />
        </>
      ) : (
        <Loader />
      )}
    </Stack>
  );
}
