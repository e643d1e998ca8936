import { Button, Loader, Stack, Text, Title } from '@mantine/core';
import { useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { Wall } from '@vitrine/core';
import { usePermission } from '../../lib/permissions';
import type { ScreenChoice } from './WallCells';
import { WallLive } from './WallStatus';
import { CellsSection, GridSection, ScreenSizeSection } from './form/WallFormSections';
import { useWallForm } from './form/useWallForm';
import { useAllWalls, useWall, useWallScreens } from './walls.api';

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

/** A wall's form: name and grid, screen size, cells (preview and list), save. */
function WallForm({ wall }: { wall?: Wall }) {
  const { t } = useTranslation();
  const canList = usePermission('point.list');
  const state = useWallForm(wall);
  const { form, canEdit, busy, onSubmit } = state;
  const choices = useScreenChoices(wall, canList && canEdit);
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <GridSection state={state} />
        <ScreenSizeSection state={state} />
        <CellsSection state={state} choices={choices} />
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
