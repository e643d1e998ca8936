import { useEffect, useState } from 'react';
import { Button, Group, Image, Menu, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, type StudioItem, StudioListQuery } from '@vitrine/core';
import { useConfirm } from '../../lib/confirm';
import { DataTable, type Column } from '../../lib/list/DataTable';
import { ListFooter } from '../../lib/list/ListFooter';
import { BulkBar, ListHeader, SearchFilter } from '../../lib/list/ListKit';
import { useListSearch } from '../../lib/list/search';
import { useSelection } from '../../lib/list/useSelection';
import { useFormSubmit } from '../../lib/useZodForm';
import { useStudioActions, useStudioList, type StudioKind } from './studio.api';

const BASE: Record<StudioKind, '/widgets' | '/creations'> = { widget: '/widgets', creation: '/creations' };

/** Renames one item: its name only, the document stays. */
function RenameModal({ kind, item, onClose }: { kind: StudioKind; item: StudioItem; onClose: () => void }) {
  const { t } = useTranslation();
  const { save } = useStudioActions(kind);
  const [name, setName] = useState(item.name);
  const [error, setError] = useState<string | null>(null);
  const validate = () => {
    if (!name.trim()) {
      setError(t('validation.required'));
      return null;
    }
    return name.trim();
  };
  const { onSubmit } = useFormSubmit(
    { validate },
    (trimmed) => save.mutateAsync({ id: item.id, name: trimmed }),
    {
      onSuccess: onClose,
    },
  );
  return (
    <Modal opened onClose={onClose} title={t('studio.rename')} centered>
      <form noValidate onSubmit={onSubmit}>
        <Stack>
          <TextInput
            label={t('studio.name')}
            required
            data-autofocus
            value={name}
            error={error}
            onChange={(event) => setName(event.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The list's columns: thumbnail, name (the link to the editor), canvas size, pages, last change. */
function useStudioColumns(kind: StudioKind): Column<StudioItem>[] {
  const { t } = useTranslation();
  return [
    {
      key: 'thumbnail',
      header: t('studio.thumbnail'),
      width: 120,
      cell: (item) =>
        item.thumbnail ? (
          <Image
            src={item.thumbnail}
            alt={t('studio.thumbnailOf', { name: item.name })}
            w={96}
            fit="contain"
          />
        ) : (
          <Text c="dimmed" size="xs">
            {t('studio.noThumbnail')}
          </Text>
        ),
    },
    {
      key: 'name',
      header: t('studio.name'),
      cell: (item) => (
        <Link to={`${BASE[kind]}/$id`} params={{ id: String(item.id) }}>
          {item.name}
        </Link>
      ),
    },
    { key: 'size', header: t('studio.canvas'), cell: (item) => `${item.width} × ${item.height}` },
    {
      key: 'pages',
      header: t('studio.pagesColumn'),
      cell: (item) => t('studio.pagesCount', { count: item.document.pages.length, seconds: item.duration }),
    },
    {
      key: 'updated',
      header: t('studio.updated'),
      cell: (item) => new Date(item.updatedAt).toLocaleString(),
    },
  ];
}

interface RowActionsProps {
  item: StudioItem;
  onOpen: (id: number) => void;
  onRename: (item: StudioItem) => void;
  onDuplicate: (item: StudioItem) => void;
  onRemove: (id: number) => void;
}

/** One item's menu: edit, rename, duplicate, remove. */
function RowActions({ item, onOpen, onRename, onDuplicate, onRemove }: RowActionsProps) {
  const { t } = useTranslation();
  return (
    <>
      <Menu.Item onClick={() => onOpen(item.id)}>{t('studio.edit')}</Menu.Item>
      <Menu.Item onClick={() => onRename(item)}>{t('studio.rename')}</Menu.Item>
      <Menu.Item onClick={() => onDuplicate(item)}>{t('studio.duplicate')}</Menu.Item>
      <Menu.Item color="red" onClick={() => onRemove(item.id)}>
        {t('studio.remove')}
      </Menu.Item>
    </>
  );
}

/** /widgets and /creations: search, thumbnails, rename, duplicate, remove and remove-many; 25 a page. */
function StudioListPage({ kind }: { kind: StudioKind }) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const navigate = useNavigate();
  const { search, update } = useListSearch(StudioListQuery);
  const page = search.page ?? 1;
  const limit = search.limit ?? DEFAULT_PAGE_SIZE;
  const { data, isLoading } = useStudioList(kind, { ...search, page, limit });
  const actions = useStudioActions(kind);
  const selection = useSelection();
  const { ids: chosen, clear } = selection;
  const [renaming, setRenaming] = useState<StudioItem | null>(null);
  const pages = data ? Math.max(1, Math.ceil(data.total / limit)) : 1;
  useEffect(() => {
    if (data && page > pages) update({ page: pages });
  }, [data, page, pages, update]);

  const remove = async (ids: number[]) => {
    if (!(await confirm())) return;
    actions.remove.mutate(ids, { onSuccess: clear });
  };
  const open = (id: number | 'new') => void navigate({ to: `${BASE[kind]}/$id`, params: { id: String(id) } });

  const columns = useStudioColumns(kind);

  return (
    <Stack>
      <ListHeader title={t(kind === 'widget' ? 'sections.widgets' : 'sections.creations')}>
        <Button leftSection={<IconPlus size={16} />} onClick={() => open('new')}>
          {t(kind === 'widget' ? 'studio.newWidget' : 'studio.newCreation')}
        </Button>
      </ListHeader>
      <Group align="flex-end">
        <SearchFilter value={search.search ?? ''} onChange={(value) => update({ search: value })} />
      </Group>
      <BulkBar count={chosen.length} label={t('studio.selected', { count: chosen.length })}>
        <Button size="xs" color="red" variant="light" onClick={() => void remove(chosen)}>
          {t('studio.remove')}
        </Button>
      </BulkBar>
      <DataTable
        rows={data?.items ?? []}
        rowKey={(item) => item.id}
        columns={columns}
        minWidth={640}
        loading={isLoading}
        selection={{
          state: selection,
          allLabel: t('studio.selectAll'),
          rowLabel: (item) => t('studio.select', { name: item.name }),
        }}
        rowMenu={{
          header: t('studio.actions'),
          label: (item) => t('studio.actionsFor', { name: item.name }),
          items: (item) => (
            <RowActions
              item={item}
              onOpen={open}
              onRename={setRenaming}
              onDuplicate={(i) =>
                actions.duplicate.mutate({ ...i, copyName: t('studio.copyName', { name: i.name }) })
              }
              onRemove={(id) => void remove([id])}
            />
          ),
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
      {renaming && <RenameModal kind={kind} item={renaming} onClose={() => setRenaming(null)} />}
    </Stack>
  );
}

export const WidgetsPage = () => <StudioListPage kind="widget" />;
export const CreationsPage = () => <StudioListPage kind="creation" />;
