import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Menu,
  Modal,
  MultiSelect,
  ScrollArea,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDots, IconPlus, IconSearch } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import {
  EXPIRATION_FILTERS,
  PLAYLIST_CATEGORIES,
  PLAYLIST_MESSAGES,
  PLAYLIST_SORTS,
  PLAYLIST_TYPES,
  DEFAULT_PAGE_SIZE,
  type PlaylistListItem,
} from '@vitrine/core';
import { useConfirm } from '../../lib/confirm';
import { useSelection } from '../../lib/useSelection';
import { ListFooter } from '../../lib/ListFooter';
import { translateMessage } from '../../lib/messages';
import { ExpirationBadge } from './ExpirationBadge';
import { ReviewModal } from './ReviewModal';
import { usePlaylistActions, usePlaylistTags, usePlaylists, useTargetOptions } from './playlists.api';
import { usePermissions } from '../../lib/permissions';

/** Bulk apply: chosen playlists go to chosen screens ('Please choose screens' when none are). */
function ApplyModal({ playlists, onClose }: { playlists: number[]; onClose: () => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [points, setPoints] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const { data } = useTargetOptions(debounced);
  const { apply } = usePlaylistActions();
  return (
    <Modal opened onClose={onClose} title={t('playlists.applyTitle', { count: playlists.length })} centered>
      <Stack>
        <MultiSelect
          label={t('playlists.screens')}
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          data={(data?.points ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
          value={points}
          onChange={(value) => {
            setPoints(value);
            setError(null);
          }}
          error={error}
          nothingFoundMessage={t('common.nothingFound')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            loading={apply.isPending}
            onClick={() => {
              if (points.length === 0) {
                setError(translateMessage(PLAYLIST_MESSAGES.chooseScreens));
                return;
              }
              apply.mutate({ playlists, points: points.map(Number) }, { onSuccess: onClose });
            }}
          >
            {t('playlists.apply')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** /playlist: search, filters, sort, pages of 25, selection for bulk remove and apply. */
export function PlaylistsPage() {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const has = usePermissions();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [type, setType] = useState<string | null>(null);
  const [category, setCategory] = useState<string | null>(null);
  const [tag, setTag] = useState<string | null>(null);
  const [expiration, setExpiration] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [sort, setSort] = useState<string>('id');
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<number>(DEFAULT_PAGE_SIZE);
  const { selected, ids: chosen, toggle, setAll, clear } = useSelection();
  const [applying, setApplying] = useState(false);
  const [reviewing, setReviewing] = useState<number | null>(null);
  const approver = has('playlist.maxDuration');
  // The owner learns what waits for them wherever the list's filters are.
  const { data: waiting } = usePlaylists({ pending: 'true', limit: 1 }, approver);
  const waitingCount = approver ? (waiting?.total ?? 0) : 0;
  const { data, isLoading } = usePlaylists({
    page,
    limit,
    sort: sort as (typeof PLAYLIST_SORTS)[number],
    order: sort === 'name' ? 'asc' : 'desc',
    ...(debounced ? { search: debounced } : {}),
    ...(type ? { type: type as PlaylistListItem['type'] } : {}),
    ...(category ? { category: category as NonNullable<PlaylistListItem['category']> } : {}),
    ...(tag ? { tag: Number(tag) } : {}),
    ...(expiration ? { expiration: expiration as (typeof EXPIRATION_FILTERS)[number] } : {}),
    ...(pending ? { pending: 'true' as const } : {}),
  });
  const { data: tags } = usePlaylistTags();
  const actions = usePlaylistActions();
  const rows = data?.list ?? [];
  const reset =
    <V,>(set: (v: V) => void) =>
    (value: V) => {
      set(value);
      setPage(1);
    };

  const remove = async (ids: number[]) => {
    if (!(await confirm())) return;
    actions.remove.mutate(ids, { onSuccess: clear });
  };

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('menu.playlists')}
        </Title>
        {has('playlist.create') && (
          <Button component={Link} to="/playlist/create" leftSection={<IconPlus size={16} />}>
            {t('sections.playlistCreate')}
          </Button>
        )}
      </Group>
      {waitingCount > 0 && !pending && (
        <Alert color="yellow" variant="light" aria-live="polite">
          <Group justify="space-between" gap="xs">
            <Text size="sm">{t('playlists.review.waitingCount', { count: waitingCount })}</Text>
            <Button size="xs" variant="light" color="yellow" onClick={() => reset(setPending)(true)}>
              {t('playlists.review.showWaiting')}
            </Button>
          </Group>
        </Alert>
      )}
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label={t('common.search')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => reset(setSearch)(e.currentTarget.value)}
        />
        <Select
          label={t('playlists.type')}
          clearable
          data={PLAYLIST_TYPES.map((v) => ({ value: v, label: t(`playlists.types.${v}`) }))}
          value={type}
          onChange={reset(setType)}
        />
        <Select
          label={t('playlists.category')}
          clearable
          searchable
          data={PLAYLIST_CATEGORIES.map((v) => ({ value: v, label: t(`playlists.categories.${v}`) }))}
          value={category}
          onChange={reset(setCategory)}
        />
        <Select
          label={t('playlists.tags')}
          clearable
          data={(tags?.list ?? []).map((x) => ({ value: String(x.id), label: x.name }))}
          value={tag}
          onChange={reset(setTag)}
        />
        <Select
          label={t('playlists.expirationLabel')}
          clearable
          data={EXPIRATION_FILTERS.map((v) => ({ value: v, label: t(`playlists.expirationFilter.${v}`) }))}
          value={expiration}
          onChange={reset(setExpiration)}
        />
        <Select
          label={t('playlists.sort')}
          allowDeselect={false}
          data={PLAYLIST_SORTS.map((v) => ({ value: v, label: t(`playlists.sorts.${v}`) }))}
          value={sort}
          onChange={(v) => v && reset(setSort)(v)}
        />
        <Checkbox
          label={t('playlists.pendingOnly')}
          checked={pending}
          onChange={(e) => reset(setPending)(e.currentTarget.checked)}
        />
      </Group>
      {selected.size > 0 && (
        <Group>
          <Text size="sm">{t('playlists.selected', { count: selected.size })}</Text>
          {has('playlist.patch') && (
            <Button size="xs" variant="light" onClick={() => setApplying(true)}>
              {t('playlists.applyToScreens')}
            </Button>
          )}
          {has('playlist.remove') && (
            <Button size="xs" color="red" variant="light" onClick={() => void remove(chosen)}>
              {t('playlists.remove')}
            </Button>
          )}
        </Group>
      )}
      <ScrollArea>
        <Table striped highlightOnHover miw={760}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40}>
                <Checkbox
                  aria-label={t('playlists.selectAll')}
                  checked={rows.length > 0 && rows.every((r) => selected.has(r.id))}
                  onChange={(e) =>
                    setAll(
                      rows.map((r) => r.id),
                      e.currentTarget.checked,
                    )
                  }
                />
              </Table.Th>
              <Table.Th>{t('playlists.name')}</Table.Th>
              <Table.Th>{t('playlists.type')}</Table.Th>
              <Table.Th>{t('playlists.period')}</Table.Th>
              <Table.Th>{t('playlists.status')}</Table.Th>
              <Table.Th>{t('playlists.screensCount')}</Table.Th>
              <Table.Th>{t('playlists.tags')}</Table.Th>
              <Table.Th w={50}>
                <VisuallyHidden>{t('playlists.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((p) => (
              <Table.Tr key={p.id}>
                <Table.Td>
                  <Checkbox
                    aria-label={t('playlists.select', { name: p.name })}
                    checked={selected.has(p.id)}
                    onChange={() => toggle(p.id)}
                  />
                </Table.Td>
                <Table.Td>
                  <Stack gap={2}>
                    <Anchor component={Link} to={`/playlist/${p.id}`}>
                      {p.name}
                    </Anchor>
                    {(p.pendingChange || !p.approved) && (
                      <Badge color="yellow" variant="light" size="sm">
                        {approver
                          ? translateMessage(PLAYLIST_MESSAGES.approveRequired)
                          : translateMessage(PLAYLIST_MESSAGES.approveRequested)}
                      </Badge>
                    )}
                  </Stack>
                </Table.Td>
                <Table.Td>{t(`playlists.types.${p.type}`)}</Table.Td>
                <Table.Td>
                  <Text size="sm">
                    {p.fromDate.slice(0, 16)} – {p.toDate.slice(0, 16)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    <ExpirationBadge value={p.expiration} />
                    {!p.active && (
                      <Badge color="gray" variant="outline">
                        {t('playlists.inactive')}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>{p.pointsTotal}</Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {p.tags.map((x) => (
                      <Badge key={x.id} variant="outline" size="sm">
                        {x.name}
                      </Badge>
                    ))}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Menu position="bottom-end" withinPortal>
                    <Menu.Target>
                      <ActionIcon variant="subtle" aria-label={t('playlists.actionsFor', { name: p.name })}>
                        <IconDots size={16} />
                      </ActionIcon>
                    </Menu.Target>
                    <Menu.Dropdown>
                      {approver && (p.pendingChange || !p.approved) && (
                        <Menu.Item onClick={() => setReviewing(p.id)}>{t('playlists.review.open')}</Menu.Item>
                      )}
                      {has('playlist.create') && (
                        <>
                          <Menu.Item onClick={() => actions.copy.mutate({ id: p.id, withScreens: false })}>
                            {t('playlists.copy')}
                          </Menu.Item>
                          <Menu.Item onClick={() => actions.copy.mutate({ id: p.id, withScreens: true })}>
                            {t('playlists.copyWithScreens')}
                          </Menu.Item>
                        </>
                      )}
                      {has('playlist.remove') && (
                        <Menu.Item color="red" onClick={() => void remove([p.id])}>
                          {t('playlists.remove')}
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
      {!isLoading && rows.length === 0 && (
        <Text c="dimmed" ta="center">
          {t('common.nothingFound')}
        </Text>
      )}
      <ListFooter
        total={data?.total ?? 0}
        page={page}
        limit={limit}
        defaultLimit={DEFAULT_PAGE_SIZE}
        onPage={setPage}
        onLimit={setLimit}
      />
      {applying && <ApplyModal playlists={chosen} onClose={() => setApplying(false)} />}
      {reviewing !== null && <ReviewModal id={reviewing} onClose={() => setReviewing(null)} />}
    </Stack>
  );
}
