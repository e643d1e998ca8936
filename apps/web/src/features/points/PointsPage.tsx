import { Suspense, lazy, useMemo, useState } from 'react';
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Menu,
  ScrollArea,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAdjustments, IconDots, IconPlus, IconSearch } from '@tabler/icons-react';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import {
  MAX_PAGE_SIZE,
  POINT_PAGE_SIZE,
  POINT_SORTS,
  POINT_STATUSES,
  type Point,
  type PointSort,
  type PointStatus,
} from '@vitrine/core';
import { useConfirm } from '../../lib/confirm';
import { useSelection } from '../../lib/useSelection';
import { ListFooter } from '../../lib/ListFooter';
import { notifyError } from '../../lib/notify';
import { useUserInfo } from '../auth/session';
import { usePointActions, usePoints, type PointCommand } from './points.api';
import { ScreensOverview } from './ScreensOverview';
import { StatusBadge } from './StatusBadge';
import { BindDialog } from './BindDialog';
import { BulkSettingsDialog } from './BulkSettingsDialog';
import type { MapScreen } from './LocationMap';
import { holds, usePermissions } from '../../lib/permissions';

/** Leaflet comes with the map view only. */
const ScreensMap = lazy(() => import('./LocationMap').then((m) => ({ default: m.ScreensMap })));

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');

/**
 * /point: the screens list for roles that may list them; a role that may only open the section (observer)
 * sees the screens with their status.
 */
export function PointsPage() {
  const { data: me } = useUserInfo();
  if (!me) return null;
  return holds(me, 'point.list') ? <ScreensList /> : <ScreensOverview />;
}

/** The screens, with status, filters, sort, pages of 10 and commands for chosen ones. */
function ScreensList() {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const search = useSearch({ strict: false }) as { net?: number; bind?: string };
  const navigate = useNavigate();
  const has = usePermissions();
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text.trim(), 300);
  const [status, setStatus] = useState<string | null>(null);
  const [content, setContent] = useState<string | null>(null);
  const [sort, setSort] = useState<PointSort>('id');
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<number>(POINT_PAGE_SIZE);
  const { selected, ids: chosen, toggle, setAll, clear } = useSelection();
  const [binding, setBinding] = useState(Boolean(search.bind));
  const [editing, setEditing] = useState(false);
  const [view, setView] = useState<'list' | 'map'>('list');
  const actions = usePointActions();
  const filters = {
    sort,
    order: sort === 'name' ? ('asc' as const) : ('desc' as const),
    ...(debounced ? { search: debounced } : {}),
    ...(status ? { status: status as PointStatus } : {}),
    ...(content ? { hasContent: content as 'true' | 'false' } : {}),
    ...(search.net ? { net: search.net } : {}),
  };
  const { data, isLoading } = usePoints({ page, limit, ...filters });
  const rows = data?.points ?? [];
  // The map shows every screen the filters list, not one page of them.
  const { data: all } = usePoints({ page: 1, limit: MAX_PAGE_SIZE, ...filters }, view === 'map');
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
  const reset =
    <V,>(set: (v: V) => void) =>
    (value: V) => {
      set(value);
      setPage(1);
    };
  const command = (path: PointCommand, which: number[]) => actions.command.mutate({ path, ids: which });
  const broadcast = async (which: number[], stop: boolean) => {
    if (!(await confirm(t(stop ? 'points.confirmStop' : 'points.confirmStart')))) return;
    actions.broadcast.mutate({ ids: which, stop });
  };
  const remove = async (which: number[]) => {
    if (!(await confirm())) return;
    // Spec §4: removing a point resets the list view.
    actions.remove.mutate(which, { onSuccess: clear });
    setPage(1);
  };

  const commandItems = (which: number[]) => (
    <>
      {has('point.reload') && (
        <Menu.Item onClick={() => command('send-reload', which)}>{t('points.commands.reload')}</Menu.Item>
      )}
      {has('point.reload') && (
        <Menu.Item onClick={() => command('send-update-app', which)}>
          {t('points.commands.upgrade')}
        </Menu.Item>
      )}
      {has('point.reload') && (
        <Menu.Item onClick={() => command('send-restart-app', which)}>
          {t('points.commands.restart')}
        </Menu.Item>
      )}
      {has('point.reboot') && (
        <Menu.Item onClick={() => command('send-reboot', which)}>{t('points.commands.reboot')}</Menu.Item>
      )}
      {has('point.screenshot') && (
        <Menu.Item onClick={() => command('ajax-get-point-screen', which)}>
          {t('points.commands.screenshot')}
        </Menu.Item>
      )}
      {has('point.patch') && (
        <>
          <Menu.Item onClick={() => void broadcast(which, true)}>{t('points.commands.stop')}</Menu.Item>
          <Menu.Item onClick={() => void broadcast(which, false)}>{t('points.commands.start')}</Menu.Item>
        </>
      )}
    </>
  );

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('menu.points')}
        </Title>
        {has('point.create') && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setBinding(true)}>
            {t('points.add')}
          </Button>
        )}
      </Group>
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label={t('common.search')}
          leftSection={<IconSearch size={16} />}
          value={text}
          onChange={(e) => reset(setText)(e.currentTarget.value)}
        />
        <Select
          label={t('points.status')}
          clearable
          data={POINT_STATUSES.map((v) => ({ value: v, label: t(`points.statuses.${v}`) }))}
          value={status}
          onChange={reset(setStatus)}
        />
        <Select
          label={t('points.content')}
          clearable
          data={[
            { value: 'true', label: t('points.hasContent') },
            { value: 'false', label: t('points.noContent') },
          ]}
          value={content}
          onChange={reset(setContent)}
        />
        <Select
          label={t('points.sort')}
          allowDeselect={false}
          data={POINT_SORTS.map((v) => ({ value: v, label: t(`points.sorts.${v}`) }))}
          value={sort}
          onChange={(v) => v && reset(setSort)(v as PointSort)}
        />
        {search.net && (
          <Button variant="subtle" onClick={() => void navigate({ to: '/point', search: {} })}>
            {t('points.allNetworks')}
          </Button>
        )}
      </Group>
      <Group justify="space-between">
        <Group>
          {selected.size > 0 && (
            <>
              <Text size="sm">{t('points.selected', { count: selected.size })}</Text>
              <Menu withinPortal>
                <Menu.Target>
                  <Button size="xs" variant="light">
                    {t('points.commandsFor', { count: selected.size })}
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>{commandItems(chosen)}</Menu.Dropdown>
              </Menu>
            </>
          )}
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
          {selected.size > 0 && has('point.remove') && (
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
      {view === 'map' && (
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
      )}
      <ScrollArea display={view === 'map' ? 'none' : undefined}>
        <Table striped highlightOnHover miw={820}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40}>
                <Checkbox
                  aria-label={t('points.selectAll')}
                  checked={rows.length > 0 && rows.every((r) => selected.has(r.id))}
                  onChange={(e) =>
                    setAll(
                      rows.map((r) => r.id),
                      e.currentTarget.checked,
                    )
                  }
                />
              </Table.Th>
              <Table.Th>{t('points.name')}</Table.Th>
              <Table.Th>{t('points.status')}</Table.Th>
              <Table.Th>{t('points.sync')}</Table.Th>
              <Table.Th>{t('points.networks')}</Table.Th>
              <Table.Th>{t('points.lastSeen')}</Table.Th>
              <Table.Th>{t('points.player')}</Table.Th>
              <Table.Th w={50}>
                <VisuallyHidden>{t('points.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((p: Point) => (
              <Table.Tr key={p.id}>
                <Table.Td>
                  <Checkbox
                    aria-label={t('points.select', { name: p.name })}
                    checked={selected.has(p.id)}
                    onChange={() => toggle(p.id)}
                  />
                </Table.Td>
                <Table.Td>
                  <Stack gap={0}>
                    <Anchor component={Link} to={`/point/${p.id}`}>
                      {p.name}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {p.uid}
                      {p.address ? ` · ${p.address}` : ''}
                    </Text>
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    <StatusBadge status={p.status} />
                    {p.isStoped && (
                      <Badge color="red" variant="outline" size="sm">
                        {t('points.stopped')}
                      </Badge>
                    )}
                    {!p.hasContent && (
                      <Badge color="gray" variant="outline" size="sm">
                        {t('points.noContent')}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{t(`points.syncStatuses.${p.syncStatus}`)}</Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {p.net.map((n) => (
                      <Badge key={n.id} variant="light" size="sm" color={n.color ?? 'gray'}>
                        {n.name}
                      </Badge>
                    ))}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{when(p.status === 'GONE_OFFLINE' ? p.dt_gone_offline : p.lastSeen)}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{p.player ? `${p.player.version} · ${p.player.resolution}` : '—'}</Text>
                </Table.Td>
                <Table.Td>
                  <Menu position="bottom-end" withinPortal>
                    <Menu.Target>
                      <ActionIcon variant="subtle" aria-label={t('points.actionsFor', { name: p.name })}>
                        <IconDots size={16} />
                      </ActionIcon>
                    </Menu.Target>
                    <Menu.Dropdown>
                      {commandItems([p.id])}
                      {has('point.create') && (
                        <Menu.Item onClick={() => actions.copy.mutate(p.id)}>{t('points.copy')}</Menu.Item>
                      )}
                      {has('point.remove') && (
                        <Menu.Item color="red" onClick={() => void remove([p.id])}>
                          {t('points.remove')}
                        </Menu.Item>
                      )}
                    </Menu.Dropdown>
                  </Menu>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {view === 'list' && !isLoading && rows.length === 0 && (
        <Text c="dimmed" ta="center">
          {data?.total === 0 && !debounced && !status && !content
            ? t('points.empty')
            : t('common.nothingFound')}
        </Text>
      )}
      {view === 'list' && (
        <ListFooter
          total={data?.total ?? 0}
          page={page}
          limit={limit}
          defaultLimit={POINT_PAGE_SIZE}
          onPage={setPage}
          onLimit={setLimit}
        />
      )}
      {editing && (
        <BulkSettingsDialog
          ids={chosen}
          onClose={() => {
            setEditing(false);
          }}
        />
      )}
      {binding && (
        <BindDialog
          {...(search.bind ? { initialCode: search.bind } : {})}
          onClose={() => {
            setBinding(false);
            if (search.bind) void navigate({ to: '/point', search: {} });
          }}
        />
      )}
    </Stack>
  );
}
