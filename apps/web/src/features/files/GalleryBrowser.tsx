import { useEffect, useMemo, useRef, useState, type DragEvent } from 'react';
import {
  Alert,
  Anchor,
  Breadcrumbs,
  Button,
  Card,
  Checkbox,
  Group,
  Loader,
  ScrollArea,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFolderPlus, IconLink, IconSearch, IconTrash, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ROOT_FOLDER_ID, UPLOAD_EXTENSIONS, type FileItem, type GalleryItem } from '@vitrine/core';
import { useConfirm } from '../../lib/confirm';
import { translateError } from '../../lib/messages';
import { galleryKey, isFile, useGallery, useGalleryActions, type GallerySection } from './files.api';
import { RemoteFileModal } from './RemoteFileModal';
import { uploadQueue, useLeaveWarning } from './uploads';

import { GalleryCard } from './gallery/GalleryCard';
import { Preview } from './gallery/FilePreview';
import { fileDetails, keyOf } from './gallery/format';
import { UploadsPanel } from './gallery/UploadsPanel';
import { FolderNameModal } from './gallery/FolderNameModal';
/** The file picker's modes (spec §2). */
export interface GalleryModes {
  noLimitHeight?: boolean;
  noChooseFolders?: boolean;
  noChoose?: boolean;
  noCrud?: boolean;
  noDeleteAndFavorite?: boolean;
}

/**
 * The library browser: the Gallery page and the file picker that playlists, widgets and screens use.
 * Folders and files, breadcrumbs, grid and list views, multi-select, drag-and-drop upload and move,
 * favorites, tags, search, preview and delete.
 */
export function GalleryBrowser({
  section,
  folderId,
  onOpenFolder,
  onChoose,
  modes = {},
}: {
  section: Exclude<GallerySection, 'search'>;
  folderId: number;
  onOpenFolder: (id: number) => void;
  onChoose?: (files: FileItem[]) => void;
  modes?: GalleryModes;
}) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const client = useQueryClient();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [view, setView] = useState<'grid' | 'list'>('grid');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [preview, setPreview] = useState<FileItem | null>(null);
  const [naming, setNaming] = useState<{ item?: GalleryItem } | null>(null);
  const [dropping, setDropping] = useState(false);
  const [addingUrl, setAddingUrl] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const tempIds = useRef(-1);
  useLeaveWarning();

  const listSection: GallerySection = debounced ? 'search' : section;
  const listArg = debounced ? debounced : section === 'home' || section === 'stock' ? folderId : undefined;
  const listKey = galleryKey(listSection, listArg);
  const { data, isLoading } = useGallery(listSection, listArg);
  const actions = useGalleryActions(listKey, folderId, section === 'favorite' && !debounced);
  const items = useMemo(() => data?.data ?? [], [data]);
  const chosen = items.filter((i) => selected.has(keyOf(i)));
  const canCrud = !modes.noCrud && section === 'home' && !debounced;
  const canDelete = !modes.noDeleteAndFavorite && section !== 'stock';

  // Finished uploads refresh whatever list is on screen.
  useEffect(
    () => uploadQueue.onFinished(() => void client.invalidateQueries({ queryKey: ['gallery'] })),
    [client],
  );

  const toggle = (item: GalleryItem) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(keyOf(item))) next.delete(keyOf(item));
      else next.add(keyOf(item));
      return next;
    });

  // Refused files are listed in an alert, in full (spec §8: an upload failure shows the error text).
  const [refusals, setRefusals] = useState<string[]>([]);
  const addFiles = (files: File[]) => setRefusals(uploadQueue.add(files, folderId).map(translateError));

  const onDropFiles = (event: DragEvent) => {
    event.preventDefault();
    setDropping(false);
    if (event.dataTransfer.files.length && canCrud) addFiles([...event.dataTransfer.files]);
  };

  const onDropOnFolder = (event: DragEvent, target: number) => {
    const dragged = event.dataTransfer.getData('application/x-vitrine-items');
    if (!dragged) return;
    event.preventDefault();
    event.stopPropagation();
    const keys = new Set(dragged.split(','));
    const moving = items.filter((i) => keys.has(keyOf(i)));
    if (target < ROOT_FOLDER_ID || moving.length === 0) return;
    actions.move.mutate({ items: moving, target });
    setSelected(new Set());
  };

  const startDrag = (event: DragEvent, item: GalleryItem) => {
    const keys = selected.has(keyOf(item)) ? [...selected] : [keyOf(item)];
    event.dataTransfer.setData('application/x-vitrine-items', keys.join(','));
    event.dataTransfer.effectAllowed = 'move';
  };

  const removeChosen = async (list: GalleryItem[]) => {
    if (list.length === 0 || !(await confirm())) return;
    actions.remove.mutate(list);
    setSelected(new Set());
  };

  const folders = items.filter((i) => !isFile(i));
  const moveTargets = [
    ...(data?.breadcrumbs.length
      ? [{ value: String(data.breadcrumbs.at(-2)?.id ?? 0), label: t('gallery.up') }]
      : []),
    ...(folderId !== 0 ? [{ value: '0', label: t('gallery.root') }] : []),
    ...folders.filter((f) => !selected.has(keyOf(f))).map((f) => ({ value: String(f.id), label: f.name })),
  ];

  const card = (item: GalleryItem) => (
    <GalleryCard
      key={keyOf(item)}
      item={item}
      selected={selected.has(keyOf(item))}
      choosable={!modes.noChoose && (isFile(item) || !modes.noChooseFolders)}
      canCrud={canCrud}
      canDelete={canDelete}
      onToggle={() => toggle(item)}
      onPreview={setPreview}
      onOpenFolder={() => onOpenFolder(item.id)}
      onDragStart={(e) => startDrag(e, item)}
      onDropOnFolder={(e) => onDropOnFolder(e, item.id)}
      onFavorite={() => actions.toggleFavorite.mutate(item)}
      onRename={() => setNaming({ item })}
    />
  );

  return (
    <Stack
      onDragOver={(e) => {
        if (canCrud && e.dataTransfer.types.includes('Files')) {
          e.preventDefault();
          setDropping(true);
        }
      }}
      onDragLeave={() => setDropping(false)}
      onDrop={onDropFiles}
      style={{
        outline: dropping ? '2px dashed var(--mantine-color-blue-filled)' : undefined,
        borderRadius: 8,
      }}
    >
      <Group justify="space-between" wrap="wrap">
        {(section === 'home' || section === 'stock') && !debounced ? (
          <nav aria-label={t('gallery.breadcrumbs')}>
            <Breadcrumbs>
              <Anchor
                component="button"
                type="button"
                onClick={() => onOpenFolder(0)}
                onDragOver={(e) => e.preventDefault()}
                onDrop={(e) => onDropOnFolder(e, 0)}
              >
                {t('gallery.root')}
              </Anchor>
              {data?.breadcrumbs.map((crumb) => (
                <Anchor
                  key={crumb.id}
                  component="button"
                  type="button"
                  onClick={() => onOpenFolder(crumb.id)}
                >
                  {crumb.name}
                </Anchor>
              ))}
            </Breadcrumbs>
          </nav>
        ) : (
          <span />
        )}
        <Group gap="xs">
          <TextInput
            aria-label={t('common.search')}
            placeholder={t('common.search')}
            leftSection={<IconSearch size={14} />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
          />
          <SegmentedControl
            aria-label={t('gallery.view')}
            value={view}
            onChange={(v) => setView(v as 'grid' | 'list')}
            data={[
              { value: 'grid', label: t('gallery.grid') },
              { value: 'list', label: t('gallery.list') },
            ]}
          />
          {canCrud && (
            <>
              <Button
                variant="default"
                leftSection={<IconFolderPlus size={16} />}
                onClick={() => setNaming({})}
              >
                {t('gallery.newFolder')}
              </Button>
              <Button
                variant="default"
                leftSection={<IconLink size={16} />}
                onClick={() => setAddingUrl(true)}
              >
                {t('gallery.addByUrl')}
              </Button>
              <Button leftSection={<IconUpload size={16} />} onClick={() => input.current?.click()}>
                {t('gallery.upload')}
              </Button>
              <input
                ref={input}
                type="file"
                multiple
                hidden
                aria-label={t('gallery.upload')}
                accept={UPLOAD_EXTENSIONS.map((e) => `.${e}`).join(',')}
                onChange={(e) => {
                  addFiles([...(e.currentTarget.files ?? [])]);
                  e.currentTarget.value = '';
                }}
              />
            </>
          )}
        </Group>
      </Group>

      {chosen.length > 0 && (
        <Group gap="xs" aria-label={t('gallery.selection')}>
          <Text size="sm">{t('gallery.selected', { count: chosen.length })}</Text>
          {onChoose && (
            <Button size="xs" onClick={() => onChoose(chosen.filter(isFile))}>
              {t('gallery.choose')}
            </Button>
          )}
          {canCrud && moveTargets.length > 0 && (
            <Select
              size="xs"
              aria-label={t('gallery.moveTo')}
              placeholder={t('gallery.moveTo')}
              data={moveTargets}
              value={null}
              onChange={(value) => {
                if (value === null) return;
                actions.move.mutate({ items: chosen, target: Number(value) });
                setSelected(new Set());
              }}
            />
          )}
          {canDelete && (
            <Button
              size="xs"
              color="red"
              variant="light"
              leftSection={<IconTrash size={14} />}
              onClick={() => removeChosen(chosen)}
            >
              {t('gallery.delete')}
            </Button>
          )}
        </Group>
      )}

      {refusals.length > 0 && (
        <Alert
          color="red"
          role="alert"
          withCloseButton
          onClose={() => setRefusals([])}
          closeButtonLabel={t('common.close')}
        >
          <Stack gap={2}>
            {refusals.map((refusal) => (
              <Text key={refusal} size="sm">
                {refusal}
              </Text>
            ))}
          </Stack>
        </Alert>
      )}

      <UploadsPanel />

      <ScrollArea.Autosize mah={modes.noLimitHeight ? undefined : '70vh'}>
        {isLoading ? (
          <Loader />
        ) : items.length === 0 ? (
          <Card withBorder p="xl">
            <Text ta="center" c="dimmed">
              {debounced ? t('common.nothingFound') : canCrud ? t('gallery.emptyHome') : t('gallery.empty')}
            </Text>
          </Card>
        ) : view === 'grid' ? (
          <SimpleGrid cols={{ base: 2, sm: 3, md: 4, lg: 6 }} spacing="sm">
            {items.map(card)}
          </SimpleGrid>
        ) : (
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th />
                <Table.Th>{t('gallery.name')}</Table.Th>
                <Table.Th>{t('gallery.type')}</Table.Th>
                <Table.Th>{t('gallery.details')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item) => (
                <Table.Tr
                  key={keyOf(item)}
                  draggable={canCrud}
                  onDragStart={(e) => startDrag(e, item)}
                  onDrop={(e) => !isFile(item) && onDropOnFolder(e, item.id)}
                  onDragOver={(e) => !isFile(item) && e.preventDefault()}
                >
                  <Table.Td>
                    <Checkbox
                      size="xs"
                      aria-label={t('gallery.select', { name: item.name })}
                      checked={selected.has(keyOf(item))}
                      onChange={() => toggle(item)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Anchor
                      component="button"
                      type="button"
                      onClick={() => (isFile(item) ? setPreview(item) : onOpenFolder(item.id))}
                    >
                      {item.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{isFile(item) ? item.mime : t('gallery.folder')}</Table.Td>
                  <Table.Td>{isFile(item) ? fileDetails(item) : ''}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </ScrollArea.Autosize>

      <RemoteFileModal folderId={folderId} opened={addingUrl} onClose={() => setAddingUrl(false)} />

      <Preview file={preview} onClose={() => setPreview(null)} canEdit={!modes.noCrud} />

      {naming && (
        <FolderNameModal
          item={naming.item}
          onSave={(name) =>
            naming.item
              ? actions.rename.mutateAsync({ item: naming.item, name })
              : actions.createFolder.mutateAsync({ name, tempId: tempIds.current-- })
          }
          onClose={() => setNaming(null)}
        />
      )}
    </Stack>
  );
}
