import { useNavigate } from '@tanstack/react-router';
import {
  WALL_DEFAULT_SCREEN,
  WallInput,
  canvasSize,
  wallCellProblems,
  type Wall,
  type WallCell,
} from '@vitrine/core';
import type { z } from 'zod';
import { translateMessage } from '../../../lib/messages';
import { usePermission } from '../../../lib/permissions';
import { useSaveShortcut, useUnsavedChanges } from '../../../lib/unsaved';
import { useFormSubmit, useZodForm } from '../../../lib/useZodForm';
import { useWallActions } from '../walls.api';

type Values = z.input<typeof WallInput>;
export type Screen = NonNullable<Values['screen']>;

const EMPTY: Values = {
  name: '',
  width: 2,
  height: 2,
  screen: { ...WALL_DEFAULT_SCREEN, widthMm: null, heightMm: null, bezelMm: null },
  cells: [],
};

/**
 * A wall's form: the values (a new wall's defaults), its grid, screen and canvas, the check with core's
 * cell rules before the save, the save (a new wall opens at its own address), Ctrl+S, the warning before
 * leaving unsaved; a new grid size drops the cells outside it.
 */
export function useWallForm(wall: Wall | undefined) {
  const navigate = useNavigate();
  const canEdit = usePermission('wall.create');
  const { save } = useWallActions();
  const form = useZodForm(
    WallInput,
    wall
      ? { name: wall.name, width: wall.width, height: wall.height, screen: wall.screen, cells: wall.cells }
      : EMPTY,
  );
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

  return { form, canEdit, values, screen, cells, grid, canvas, busy, onSubmit, resize, setScreen };
}

export type WallFormState = ReturnType<typeof useWallForm>;
