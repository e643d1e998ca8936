import { useRef } from 'react';
import { Button, Group, SegmentedControl, TextInput } from '@mantine/core';
import { IconFolderPlus, IconLink, IconSearch, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { UPLOAD_EXTENSIONS } from '@vitrine/core';

export type GalleryView = 'grid' | 'list';

/** Search, grid or list, and (where the folder can be changed) new folder, add by address and upload. */
export function GalleryToolbar({
  search,
  setSearch,
  view,
  setView,
  canCrud,
  onNewFolder,
  onAddUrl,
  addFiles,
}: {
  search: string;
  setSearch: (value: string) => void;
  view: GalleryView;
  setView: (view: GalleryView) => void;
  canCrud: boolean;
  onNewFolder: () => void;
  onAddUrl: () => void;
  addFiles: (files: File[]) => void;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  return (
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
        onChange={(v) => setView(v as GalleryView)}
        data={[
          { value: 'grid', label: t('gallery.grid') },
          { value: 'list', label: t('gallery.list') },
        ]}
      />
      {canCrud && (
        <>
          <Button variant="default" leftSection={<IconFolderPlus size={16} />} onClick={onNewFolder}>
            {t('gallery.newFolder')}
          </Button>
          <Button variant="default" leftSection={<IconLink size={16} />} onClick={onAddUrl}>
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
  );
}
