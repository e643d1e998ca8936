import { useEffect } from 'react';
import { Button, Group, Menu, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { WALL_PAGE_SIZE, type Wall, WallListQuery } from '@vitrine/core';
import { useConfirm } from '../../lib/confirm';
import { DataTable, type Column } from '../../lib/list/DataTable';
import { ListFooter } from '../../lib/list/ListFooter';
import { ListHeader, SearchFilter } from '../../lib/list/ListKit';
import { useListSearch } from '../../lib/list/search';
import { usePermission } from '../../lib/permissions';
import { useWallActions, useWalls } from './walls.api';

/** The list's columns: name (the link to the wall), grid, screens, canvas size. */
function useWallColumns(): Column<Wall>[] {
  const { t } = useTranslation();
  return [
    {
      key: 'name',
      header: t('walls.name'),
      cell: (wall) => (
        <Link to="/wall/$id" params={{ id: String(wall.id) }}>
          {wall.name}
        </Link>
      ),
    },
    { key: 'grid', header: t('walls.grid'), cell: (wall) => `${wall.width} × ${wall.height}` },
    {
      key: 'screens',
      header: t('walls.screens'),
      cell: (wall) => t('walls.screensCount', { count: wall.points.length }),
    },
    {
      key: 'canvas',
      header: t('walls.canvas'),
      cell: (wall) => `${wall.canvas.width} × ${wall.canvas.height}`,
    },
  ];
}

/** /wall: the cabinet's video walls, search, 25 a page; create and remove as the role table says. */
export function WallsPage() {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const navigate = useNavigate();
  const canCreate = usePermission('wall.create');
  const canRemove = usePermission('wall.remove');
  const { search, update } = useListSearch(WallListQuery);
  const page = search.page ?? 1;
  const limit = search.limit ?? WALL_PAGE_SIZE;
  const { data, isLoading } = useWalls({ ...search, page, limit });
  const { remove } = useWallActions();
  const pages = data ? Math.max(1, Math.ceil(data.total / limit)) : 1;
  useEffect(() => {
    if (data && page > pages) update({ page: pages });
  }, [data, page, pages, update]);

  const removeWall = async (wall: Wall) => {
    if (await confirm()) remove.mutate(wall.id);
  };
  const open = (wall: Wall) => void navigate({ to: '/wall/$id', params: { id: String(wall.id) } });

  const columns = useWallColumns();

  return (
    <Stack>
      <ListHeader title={t('menu.walls')}>
        {canCreate && (
          <Button component={Link} to="/wall/create" leftSection={<IconPlus size={16} />}>
            {t('walls.create')}
          </Button>
        )}
      </ListHeader>
      <Group align="flex-end">
        <SearchFilter value={search.search ?? ''} onChange={(value) => update({ search: value })} />
      </Group>
      <DataTable
        rows={data?.items ?? []}
        rowKey={(wall) => wall.id}
        columns={columns}
        minWidth={560}
        loading={isLoading}
        rowMenu={{
          header: t('walls.actions'),
          label: (wall) => t('walls.actionsFor', { name: wall.name }),
          items: (wall) => (
            <>
              <Menu.Item onClick={() => open(wall)}>{t(canCreate ? 'walls.edit' : 'walls.view')}</Menu.Item>
              {canRemove && (
                <Menu.Item color="red" onClick={() => void removeWall(wall)}>
                  {t('walls.remove')}
                </Menu.Item>
              )}
            </>
          ),
        }}
        empty={t('common.nothingFound')}
      />
      <ListFooter
        total={data?.total ?? 0}
        page={page}
        limit={limit}
        defaultLimit={WALL_PAGE_SIZE}
        onPage={(p) => update({ page: p })}
        onLimit={(l) => update({ limit: l })}
      />
    </Stack>
  );
}
