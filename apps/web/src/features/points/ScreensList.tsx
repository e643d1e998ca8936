import { useState } from 'react';
import { Button, Group, SegmentedControl, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { POINT_PAGE_SIZE, PointListQuery } from '@vitrine/core';
import { ListHeader } from '../../lib/list/ListKit';
import { useListSearch } from '../../lib/list/search';
import { useSelection } from '../../lib/list/useSelection';
import { notifyError } from '../../lib/notify';
import { Can } from '../../lib/permissions';
import type { PointsQuery } from './points.api';
import { BindDialog } from './BindDialog';
import { BulkSettingsDialog } from './BulkSettingsDialog';
import { useScreenCommands } from './ScreenCommands';
import { ScreensBulkBar } from './ScreensBulkBar';
import { ScreensFilters } from './ScreensFilters';
import { ScreensMapView } from './ScreensMapView';
import { ScreensTable } from './ScreensTable';
import { useScreenRowActions } from './useScreenRowActions';
import { bindSearch } from './bindSearch';

/** The screens, with status, filters and paging in the address, and commands for chosen ones. */
export function ScreensList() {
  const { t } = useTranslation();
  const { search: address, update } = useListSearch(PointListQuery, bindSearch);
  const { bind, ...search } = address;
  const page = search.page ?? 1;
  const limit = search.limit ?? POINT_PAGE_SIZE;
  const selection = useSelection();
  const { ids: chosen, clear } = selection;
  const [binding, setBinding] = useState(Boolean(bind));
  const [editing, setEditing] = useState(false);
  const [view, setView] = useState<'list' | 'map'>('list');
  const commandItems = useScreenCommands();
  const sort = search.sort ?? 'id';
  const filters: PointsQuery = { ...search, sort, order: sort === 'name' ? 'asc' : 'desc' };
  const editSettings = () => {
    if (chosen.length === 0) notifyError(t('playlistMessages.chooseScreens'));
    else setEditing(true);
  };
  const { remove, rowItems } = useScreenRowActions(commandItems, clear, () => update({ page: 1 }));
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
        <ScreensBulkBar
          chosen={chosen}
          commandItems={commandItems}
          onEdit={editSettings}
          onRemove={() => void remove(chosen)}
        />
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
        <ScreensMapView filters={filters} />
      ) : (
        <ScreensTable
          query={{ ...filters, page, limit }}
          selection={selection}
          rowItems={rowItems}
          filtered={filtered}
          update={update}
        />
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
