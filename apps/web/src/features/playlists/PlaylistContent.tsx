import { useState } from 'react';
import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Paper,
  Stack,
  Tabs,
  Text,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { FileItem, PlaylistItem } from '@vitrine/core';
import { GalleryBrowser } from '../files';
import { useUserInfo } from '../auth';
import { CreativesPicker } from './CreativesPicker';
import { holds } from '../../lib/permissions';
import { ItemRow } from './ItemRow';
import { changeAt, formatSeconds, itemsSeconds, moveItem, newSection } from './contentItems';

export interface EditorSection {
  duration: number;
  duplicate: true | null;
  order: number;
  repeat: number;
  files: PlaylistItem[];
}

export const toPlaylistItem = (file: FileItem): PlaylistItem => ({
  fileId: file.id,
  duration: null,
  wallFit: null,
  name: file.name,
  mime: file.mime,
  kind: file.kind,
  mediaDuration: file.duration,
  thumbUrl: file.thumbUrl,
});

/** The library as a picker (spec §2 modes): home and stock, folders open, files are chosen. */
export function FilePickerModal({
  title,
  onClose,
  onChoose,
}: {
  title: string;
  onClose: () => void;
  onChoose: (files: FileItem[]) => void;
}) {
  const { t } = useTranslation();
  const { data: me } = useUserInfo();
  const [section, setSection] = useState<'home' | 'stock'>('home');
  const [folder, setFolder] = useState(0);
  if (me && !holds(me, 'files.route')) {
    return (
      <Modal opened onClose={onClose} title={title} size="xl">
        <CreativesPicker
          onChoose={(files) => {
            onChoose(files);
            onClose();
          }}
        />
      </Modal>
    );
  }
  return (
    <Modal opened onClose={onClose} title={title} size="xl">
      <Tabs
        value={section}
        onChange={(v) => {
          setSection((v as 'home' | 'stock') ?? 'home');
          setFolder(0);
        }}
        mb="sm"
      >
        <Tabs.List>
          <Tabs.Tab value="home">{t('menu.gallery')}</Tabs.Tab>
          <Tabs.Tab value="stock">{t('sections.filesStock')}</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <GalleryBrowser
        section={section}
        folderId={folder}
        onOpenFolder={setFolder}
        modes={{
          noChooseFolders: true,
          noDeleteAndFavorite: true,
          ...(section === 'stock' ? { noCrud: true } : {}),
        }}
        onChoose={(files) => {
          onChoose(files);
          onClose();
        }}
      />
    </Modal>
  );
}

/** An ordered list of content items: reorder, remove, and a duration for media without their own. */
export function ItemList({
  items,
  onChange,
  label,
  error,
  wall,
}: {
  items: PlaylistItem[];
  onChange: (items: PlaylistItem[]) => void;
  label: string;
  error?: string | undefined;
  /** The playlist targets video walls: each picture or video says how it stands on one (docs/walls.md). */
  wall?: { path: string; errors: Record<string, string> } | undefined;
}) {
  const { t } = useTranslation();
  const [picking, setPicking] = useState(false);
  const total = itemsSeconds(items);
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text fw={500}>{label}</Text>
        <Text size="sm" c="dimmed">
          {t('playlists.itemsTotal', { count: items.length, duration: formatSeconds(total) })}
        </Text>
      </Group>
      {items.map((item, index) => (
        <ItemRow
          key={`${item.fileId}-${index}`}
          item={item}
          first={index === 0}
          last={index === items.length - 1}
          onChange={(change) => onChange(changeAt(items, index, change))}
          onMove={(by) => onChange(moveItem(items, index, index + by))}
          onRemove={() => onChange(items.filter((_, i) => i !== index))}
          wallFitError={wall ? (wall.errors[`${wall.path}.${index}.wallFit`] ?? null) : undefined}
        />
      ))}
      {error && (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      )}
      <Group>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={() => setPicking(true)}
        >
          {t('playlists.addFiles')}
        </Button>
      </Group>
      {picking && (
        <FilePickerModal
          title={t('playlists.addFiles')}
          onClose={() => setPicking(false)}
          onChoose={(files) => onChange([...items, ...files.map(toPlaylistItem)])}
        />
      )}
    </Stack>
  );
}

/** One block section (numbered from 1): its duration, repeat count, order, duplicate flag and files. */
function SectionCard({
  n,
  section,
  errors,
  path,
  onWall,
  onChange,
  onRemove,
}: {
  n: number;
  section: EditorSection;
  errors: Record<string, string>;
  path: string;
  onWall: boolean;
  onChange: (change: Partial<EditorSection>) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="sm">
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={500}>{t('playlists.sectionN', { n })}</Text>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('playlists.removeSection', { n })}
            onClick={onRemove}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
        <Group align="flex-end">
          <NumberInput
            w={160}
            min={1}
            label={t('playlists.sectionDuration', { n })}
            value={section.duration}
            error={errors[`${path}.duration`]}
            onChange={(v) => onChange({ duration: Number(v) || 0 })}
          />
          <NumberInput
            w={120}
            min={1}
            label={t('playlists.sectionRepeat', { n })}
            value={section.repeat}
            onChange={(v) => onChange({ repeat: Number(v) || 1 })}
          />
          <NumberInput
            w={100}
            min={0}
            label={t('playlists.sectionOrder', { n })}
            value={section.order}
            onChange={(v) => onChange({ order: Number(v) || 0 })}
          />
          <Checkbox
            label={t('playlists.sectionDuplicate', { n })}
            checked={section.duplicate === true}
            onChange={(e) => onChange({ duplicate: e.currentTarget.checked ? true : null })}
          />
        </Group>
        <ItemList
          label={t('playlists.sectionFiles', { n })}
          items={section.files}
          onChange={(files) => onChange({ files })}
          wall={onWall ? { path: `${path}.files`, errors } : undefined}
        />
      </Stack>
    </Paper>
  );
}

/** Block playlists: the block's length and its sections, each with a duration, repeat count and files. */
export function SectionsEditor({
  sections,
  blockDuration,
  onChange,
  errors,
  onWall = false,
}: {
  sections: EditorSection[];
  blockDuration: number;
  onChange: (sections: EditorSection[]) => void;
  errors: Record<string, string>;
  /** The playlist targets video walls. */
  onWall?: boolean;
}) {
  const { t } = useTranslation();
  const total = sections.reduce((sum, s) => sum + s.duration, 0);
  return (
    <Stack>
      <Text size="sm" c={total > blockDuration ? 'red' : 'dimmed'}>
        {t('playlists.sectionsTotal', { total, block: blockDuration })}
      </Text>
      {sections.map((section, index) => (
        <SectionCard
          key={index}
          n={index + 1}
          section={section}
          errors={errors}
          path={`sections.${index}`}
          onWall={onWall}
          onChange={(change) => onChange(changeAt(sections, index, change))}
          onRemove={() => onChange(sections.filter((_, i) => i !== index))}
        />
      ))}
      <Group>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={() => onChange([...sections, newSection(sections.length)])}
        >
          {t('playlists.addSection')}
        </Button>
      </Group>
    </Stack>
  );
}
