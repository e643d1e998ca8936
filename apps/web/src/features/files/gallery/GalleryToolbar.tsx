import { useRef } from 'react';
import { Button, Group, SegmentedControl, TextInput, Tooltip, VisuallyHidden } from '@mantine/core';
import {
  IconFolderPlus,
  IconGrid4x4,
  IconLayout2,
  IconLayoutGrid,
  IconLayoutList,
  IconLink,
  IconList,
  IconSearch,
  IconUpload,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LAYOUT_MODES, UPLOAD_EXTENSIONS, type LayoutMode } from '@vitrine/core';

export type GalleryView = LayoutMode;

const ICONS: Record<LayoutMode, typeof IconList> = {
  LIST: IconList,
  NARROW: IconLayoutList,
  EXTENDED: IconLayout2,
  FILL: IconLayoutGrid,
  CAPACITY: IconGrid4x4,
};

/**
 * Search, the layout (spec §3's modes, each an icon named for assistive technology and in its tooltip),
 * and (where the folder can be changed) new folder, add by address and upload.
 */
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
        data={LAYOUT_MODES.map((mode) => {
          const Icon = ICONS[mode];
          const name = t(`gallery.layouts.${mode}`);
          return {
            value: mode,
            label: (
              <Tooltip label={name} withinPortal>
                <span style={{ display: 'flex' }}>
                  <Icon size={16} aria-hidden />
                  <VisuallyHidden>{name}</VisuallyHidden>
                </span>
              </Tooltip>
            ),
          };
        })}
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
