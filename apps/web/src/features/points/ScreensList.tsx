import { Suspense, lazy, useMemo, useState } from 'react';
import { Button, Group, Menu, SegmentedControl, Skeleton, Stack, Text } from '@mantine/core';
import { IconAdjustments, IconPlus } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { MAX_PAGE_SIZE, POINT_PAGE_SIZE, type Point } from '@vitrine/core';
import { useConfirm } from '../../lib/confirm';
import { DataTable } from '../../lib/list/DataTable';
import { ListFooter } from '../../lib/list/ListFooter';
import { BulkBar, ListHeader } from '../../lib/list/ListKit';
import { useListSearch } from '../../lib/list/search';
import { useSelection } from '../../lib/list/useSelection';
import { notifyError } from '../../lib/notify';
import { Can, usePermissions } from '../../lib/permissions';
import { usePointActions, usePoints, type PointsQuery } from './points.api';
import { BindDialog } from './BindDialog';
import { BulkSettingsDialog } from './BulkSettingsDialog';
import type { MapScreen } from './LocationMap';
import { useScreenCommands } from './ScreenCommands';
import { ScreensFilters } from './ScreensFilters';
import { screenColumns } from './screenColumns';

/** Leaflet comes with the map view only. */
const ScreensMap = lazy(() => import('./LocationMap').then((m) => ({ default: m.ScreensMap })));

/** The screens, with status, filters and paging in the address, and commands for chosen ones. */
export function ScreensList() {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const navigate = useNavigate();
  const has = usePermissions();
  const { search: address, update } = useListSearch<PointsQuery & { bind?: string }>();
  const { bind, ...search } = address;
  const page = search.page ?? 1;
  const limit = search.limit ?? POINT_PAGE_SIZE;
  const selection = useSelection();
  const { ids: chosen, clear } = selection;
  const [binding, setBinding] = useState(Boolean(bind));
  const [editing, setEditing] = useState(false);
  const [view, setView] = useState<'list' | 'map'>('list');
  const actions = usePointActions();
  const commandItems = useScreenCommands();
  const sort = search.sort ?? 'id';
  const filters: PointsQuery = { ...search, sort, order: sort === 'name' ? 'asc' : 'desc' };
  const { data, isLoading } = usePoints({ ...filters, page, limit });
  const rows = data?.points ?? [];
  // The map shows every screen the filters list, not one page of them.
  const { data: all } = usePoints({ ...filters, page: 1, limit: MAX_PAGE_SIZE }, view === 'map');
  const placed = useMemo<MapScreen[]>(
    () =>
      (all?.points ?? []).flatMap((p) =>
        p.location ? [{ id: p.id, name: p.name, status: p.status, location: p.location }] : [],
      ),
    [all],
  );
  const editSettings = () => {
    if (chosen.length === 0) notifyError(t('playlistMessages.chooseScreens'));
    else setEditing(true);
  };
  const remove = async (which: number[]) => {
    if (!(await confirm())) return;
    // Spec §4: removing a point resets the list view.
    actions.remove.mutate(which, { onSuccess: clear });
    update({ page: 1 });
  };
  const filtered = Boolean(search.search || search.status || search.hasContent);

  return (
    <Stack>
      <ListHeader title={t('menu.points')}>
        <Can permission="point.create">
          <Button leftSection={<IconPlus size={16} />} onClick={() => setBinding(true)}>
            {t('points.add')}
          </Button>
        </Can>
      </ListHeader>
      <ScreensFilters search={search} update={update} />
      <Group justify="space-between">
        <Group>
          <BulkBar count={chosen.length} label={t('points.selected', { count: chosen.length })}>
            <Menu withinPortal>
              <Menu.Target>
                <Button size="xs" variant="light">
                  {t('points.commandsFor', { count: chosen.length })}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>{commandItems(chosen)}</Menu.Dropdown>
            </Menu>
          </BulkBar>
          {has('point.patch') && (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconAdjustments size={14} />}
              onClick={editSettings}
            >
              {t('points.bulk.edit')}
            </Button>
          )}
          {chosen.length > 0 && has('point.remove') && (
            <Button size="xs" color="red" variant="light" onClick={() => void remove(chosen)}>
              {t('points.remove')}
            </Button>
          )}
        </Group>
        <SegmentedControl
          size="xs"
          aria-label={t('points.map.view')}
          value={view}
          onChange={(v) => setView(v as 'list' | 'map')}
          data={[
            { value: 'list', label: t('points.map.list') },
            { value: 'map', label: t('points.map.map') },
          ]}
        />
      </Group>
      {view === 'map' ? (
        <Stack gap="xs">
          <Suspense fallback={<Skeleton h={480} aria-label={t('points.map.loading')} />}>
            <ScreensMap screens={placed} onOpen={(id) => void navigate({ to: `/point/${id}` })} />
          </Suspense>
          {all && all.points.length > placed.length && (
            <Text size="sm" c="dimmed">
              {t('points.map.unplaced', { count: all.points.length - placed.length })}
            </Text>
          )}
        </Stack>
      ) : (
        <>
          <DataTable<Point>
            rows={rows}
            rowKey={(p) => p.id}
            columns={screenColumns(t)}
            minWidth={820}
            loading={isLoading}
            selection={{
              state: selection,
              allLabel: t('points.selectAll'),
              rowLabel: (p) => t('points.select', { name: p.name }),
            }}
            rowMenu={{
              header: t('points.actions'),
              label: (p) => t('points.actionsFor', { name: p.name }),
              items: (p) => (
                <>
                  {commandItems([p.id])}
                  {has('point.create') && (
                    <Menu.Item onClick={() => actions.copy.mutate(p.id)}>{t('points.copy')}</Menu.Item>
                  )}
                  {has('point.remove') && (
                    <Menu.Item color="red" onClick={() => void remove([p.id])}>
                      {t('points.remove')}
                    </Menu.Item>
                  )}
                </>
              ),
            }}
            empty={data?.total === 0 && !filtered ? t('points.empty') : t('common.nothingFound')}
          />
          <ListFooter
            total={data?.total ?? 0}
            page={page}
            limit={limit}
            defaultLimit={POINT_PAGE_SIZE}
            onPage={(p) => update({ page: p })}
            onLimit={(l) => update({ limit: l })}
          />
        </>
      )}
      {editing && <BulkSettingsDialog ids={chosen} onClose={() => setEditing(false)} />}
      {binding && (
        <BindDialog
          {...(bind ? { initialCode: bind } : {})}
          onClose={() => {
            setBinding(false);
            if (bind) update({ bind: undefined });
          }}
        />
      )}
    </Stack>
  );
}
