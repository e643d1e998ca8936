import { useMemo, useState } from 'react';
import { Alert, Button, Group, Menu, Modal, MultiSelect, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import {
  PLAYLIST_MESSAGES,
  DEFAULT_PAGE_SIZE,
  type PlaylistListItem,
  PlaylistListQuery,
} from '@vitrine/core';
import { useConfirm } from '../../lib/confirm';
import { useCellKit } from '../../lib/list/cells';
import { DataTable } from '../../lib/list/DataTable';
import { ListFooter } from '../../lib/list/ListFooter';
import { BulkBar, ListHeader } from '../../lib/list/ListKit';
import { useListSearch } from '../../lib/list/search';
import { useSelection } from '../../lib/list/useSelection';
import { translateMessage } from '../../lib/messages';
import { ReviewModal } from './ReviewModal';
import { playlistColumns } from './playlistColumns';
import { PlaylistsFilters } from './PlaylistsFilters';
import { usePlaylistActions, usePlaylists, useTargetOptions } from './playlists.api';
import { Can, usePermissions } from '../../lib/permissions';
import { useFetchDelayed } from '../../lib/timing';

/** Bulk apply: chosen playlists go to chosen screens ('Please choose screens' when none are). */
function ApplyModal({ playlists, onClose }: { playlists: number[]; onClose: () => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const debounced = useFetchDelayed(search);
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

/** Names read A to Z; ids and dates newest first. */
const sortOrder = (sort: string) => (sort === 'name' ? 'asc' : 'desc');

/** The list's title, and New playlist for a role that may create one. */
function PlaylistsHeader() {
  const { t } = useTranslation();
  return (
    <ListHeader title={t('menu.playlists')}>
      <Can permission="playlist.create">
        <Button component={Link} to="/playlist/create" leftSection={<IconPlus size={16} />}>
          {t('sections.playlistCreate')}
        </Button>
      </Can>
    </ListHeader>
  );
}

/** What waits for the approver's review, and a way to list only that. */
function WaitingAlert({ count, onShow }: { count: number; onShow: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="yellow" variant="light" aria-live="polite">
      <Group justify="space-between" gap="xs">
        <Text size="sm">{t('playlists.review.waitingCount', { count })}</Text>
        <Button size="xs" variant="light" color="yellow" onClick={onShow}>
          {t('playlists.review.showWaiting')}
        </Button>
      </Group>
    </Alert>
  );
}

/** A playlist's row menu: review (for the approver, when something waits), copy, remove. */
function RowItems({
  review,
  onReview,
  onCopy,
  onRemove,
}: {
  review: boolean;
  onReview: () => void;
  onCopy: (withScreens: boolean) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const has = usePermissions();
  return (
    <>
      {review && <Menu.Item onClick={onReview}>{t('playlists.review.open')}</Menu.Item>}
      {has('playlist.create') && (
        <>
          <Menu.Item onClick={() => onCopy(false)}>{t('playlists.copy')}</Menu.Item>
          <Menu.Item onClick={() => onCopy(true)}>{t('playlists.copyWithScreens')}</Menu.Item>
        </>
      )}
      {has('playlist.remove') && (
        <Menu.Item color="red" onClick={onRemove}>
          {t('playlists.remove')}
        </Menu.Item>
      )}
    </>
  );
}

/** What to do with the chosen playlists: apply them to screens, or remove them. */
function PlaylistsBulkBar({
  count,
  onApply,
  onRemove,
}: {
  count: number;
  onApply: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const has = usePermissions();
  return (
    <BulkBar count={count} label={t('playlists.selected', { count })}>
      {has('playlist.patch') && (
        <Button size="xs" variant="light" onClick={onApply}>
          {t('playlists.applyToScreens')}
        </Button>
      )}
      {has('playlist.remove') && (
        <Button size="xs" color="red" variant="light" onClick={onRemove}>
          {t('playlists.remove')}
        </Button>
      )}
    </BulkBar>
  );
}

/** The table's columns and a row's labels, the same from render to render (rows re-render only on change). */
function usePlaylistColumns(approver: boolean) {
  const kit = useCellKit();
  const columns = useMemo(() => playlistColumns(kit, approver), [kit, approver]);
  // A row's labels with its name put in, each looked up once.
  const labels = useMemo(
    () => ({
      select: kit.template('playlists.select', 'name'),
      actions: kit.template('playlists.actionsFor', 'name'),
    }),
    [kit],
  );
  return { columns, labels };
}

/** /playlist: search, filters, sort and pages in the address, selection for bulk remove and apply. */
export function PlaylistsPage() {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const has = usePermissions();
  const { search, update } = useListSearch(PlaylistListQuery);
  const page = search.page ?? 1;
  const limit = search.limit ?? DEFAULT_PAGE_SIZE;
  const sort = search.sort ?? 'id';
  const selection = useSelection();
  const { ids: chosen, clear } = selection;
  const [applying, setApplying] = useState(false);
  const [reviewing, setReviewing] = useState<number | null>(null);
  const approver = has('playlist.maxDuration');
  const { columns, labels } = usePlaylistColumns(approver);
  // The owner learns what waits for them wherever the list's filters are.
  const { data: waiting } = usePlaylists({ pending: 'true', limit: 1 }, approver);
  const waitingCount = approver ? (waiting?.total ?? 0) : 0;
  const { data, isLoading } = usePlaylists({ ...search, page, limit, sort, order: sortOrder(sort) });
  const actions = usePlaylistActions();

  const remove = async (ids: number[]) => {
    if (!(await confirm())) return;
    actions.remove.mutate(ids, { onSuccess: clear });
  };
  const rowItems = (p: PlaylistListItem) => (
    <RowItems
      review={approver && Boolean(p.pendingChange || !p.approved)}
      onReview={() => setReviewing(p.id)}
      onCopy={(withScreens) => actions.copy.mutate({ id: p.id, withScreens })}
      onRemove={() => void remove([p.id])}
    />
  );

  return (
    <Stack>
      <PlaylistsHeader />
      {waitingCount > 0 && !search.pending && (
        <WaitingAlert count={waitingCount} onShow={() => update({ pending: 'true' })} />
      )}
      <PlaylistsFilters search={search} update={update} />
      <PlaylistsBulkBar
        count={chosen.length}
        onApply={() => setApplying(true)}
        onRemove={() => void remove(chosen)}
      />
      <DataTable
        rows={data?.list ?? []}
        rowKey={(p) => p.id}
        columns={columns}
        minWidth={760}
        loading={isLoading}
        selection={{
          state: selection,
          allLabel: t('playlists.selectAll'),
          rowLabel: (p) => labels.select(p.name),
        }}
        rowMenu={{
          header: t('playlists.actions'),
          label: (p) => labels.actions(p.name),
          items: rowItems,
        }}
        empty={t('common.nothingFound')}
      />
      <ListFooter
        total={data?.total ?? 0}
        page={page}
        limit={limit}
        defaultLimit={DEFAULT_PAGE_SIZE}
        onPage={(p) => update({ page: p })}
        onLimit={(l) => update({ limit: l })}
      />
      {applying && <ApplyModal playlists={chosen} onClose={() => setApplying(false)} />}
      {reviewing !== null && <ReviewModal id={reviewing} onClose={() => setReviewing(null)} />}
    </Stack>
  );
}
