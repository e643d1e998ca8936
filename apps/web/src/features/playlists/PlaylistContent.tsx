import { useState } from 'react';
import {
  ActionIcon,
  Avatar,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Paper,
  Select,
  Stack,
  Tabs,
  Text,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPhoto, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PLAYLIST_DEFAULTS, itemSeconds, type FileItem, type PlaylistItem } from '@vitrine/core';
import { GalleryBrowser } from '../files';
import { useUserInfo } from '../auth';
import { CreativesPicker } from './CreativesPicker';
import { holds } from '../../lib/permissions';

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

const formatSeconds = (s: number) => `${Math.floor(s / 60)}:${String(Math.round(s % 60)).padStart(2, '0')}`;

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
  const move = (from: number, to: number) => {
    const next = [...items];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item!);
    onChange(next);
  };
  const total = items.reduce((sum, i) => sum + itemSeconds(i, i.mediaDuration), 0);
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text fw={500}>{label}</Text>
        <Text size="sm" c="dimmed">
          {t('playlists.itemsTotal', { count: items.length, duration: formatSeconds(total) })}
        </Text>
      </Group>
      {items.map((item, index) => (
        <Paper key={`${item.fileId}-${index}`} withBorder p="xs">
          <Group gap="sm">
            <Avatar src={item.thumbUrl} radius="sm" size="md" alt="">
              <IconPhoto size={16} />
            </Avatar>
            <Stack gap={0} style={{ flex: 1, minWidth: 140 }}>
              <Text size="sm" truncate title={item.name}>
                {item.name}
              </Text>
              <Text size="xs" c="dimmed">
                {t(`playlists.kinds.${item.kind}`)}
                {item.mediaDuration !== null ? ` · ${formatSeconds(item.mediaDuration)}` : ''}
              </Text>
            </Stack>
            {item.mediaDuration === null && (
              <NumberInput
                w={110}
                size="xs"
                min={1}
                label={t('playlists.itemDuration')}
                aria-label={t('playlists.itemDurationFor', { name: item.name })}
                placeholder={String(PLAYLIST_DEFAULTS.itemDuration)}
                value={item.duration ?? ''}
                onChange={(v) =>
                  onChange(
                    items.map((x, i) => (i === index ? { ...x, duration: v === '' ? null : Number(v) } : x)),
                  )
                }
              />
            )}
            {wall && (item.kind === 'image' || item.kind === 'video') && (
              <Select
                w={150}
                size="xs"
                label={t('playlists.wallFit')}
                aria-label={t('playlists.wallFitFor', { name: item.name })}
                data={(['exact', 'fit', 'fill'] as const).map((v) => ({
                  value: v,
                  label: t(`playlists.wallFits.${v}`),
                }))}
                value={item.wallFit ?? 'exact'}
                allowDeselect={false}
                error={wall.errors[`${wall.path}.${index}.wallFit`]}
                onChange={(v) =>
                  onChange(
                    items.map((x, i) =>
                      i === index ? { ...x, wallFit: v === 'fit' || v === 'fill' ? v : null } : x,
                    ),
                  )
                }
              />
            )}
            <ActionIcon
              variant="subtle"
              disabled={index === 0}
              aria-label={t('playlists.moveUp', { name: item.name })}
              onClick={() => move(index, index - 1)}
            >
              <IconArrowUp size={16} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              disabled={index === items.length - 1}
              aria-label={t('playlists.moveDown', { name: item.name })}
              onClick={() => move(index, index + 1)}
            >
              <IconArrowDown size={16} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('playlists.removeItem', { name: item.name })}
              onClick={() => onChange(items.filter((_, i) => i !== index))}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        </Paper>
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
  const update = (index: number, change: Partial<EditorSection>) =>
    onChange(sections.map((s, i) => (i === index ? { ...s, ...change } : s)));
  return (
    <Stack>
      <Text size="sm" c={total > blockDuration ? 'red' : 'dimmed'}>
        {t('playlists.sectionsTotal', { total, block: blockDuration })}
      </Text>
      {sections.map((section, index) => (
        <Paper key={index} withBorder p="sm">
          <Stack gap="xs">
            <Group justify="space-between">
              <Text fw={500}>{t('playlists.sectionN', { n: index + 1 })}</Text>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('playlists.removeSection', { n: index + 1 })}
                onClick={() => onChange(sections.filter((_, i) => i !== index))}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
            <Group align="flex-end">
              <NumberInput
                w={160}
                min={1}
                label={t('playlists.sectionDuration', { n: index + 1 })}
                value={section.duration}
                error={errors[`sections.${index}.duration`]}
                onChange={(v) => update(index, { duration: Number(v) || 0 })}
              />
              <NumberInput
                w={120}
                min={1}
                label={t('playlists.sectionRepeat', { n: index + 1 })}
                value={section.repeat}
                onChange={(v) => update(index, { repeat: Number(v) || 1 })}
              />
              <NumberInput
                w={100}
                min={0}
                label={t('playlists.sectionOrder', { n: index + 1 })}
                value={section.order}
                onChange={(v) => update(index, { order: Number(v) || 0 })}
              />
              <Checkbox
                label={t('playlists.sectionDuplicate', { n: index + 1 })}
                checked={section.duplicate === true}
                onChange={(e) => update(index, { duplicate: e.currentTarget.checked ? true : null })}
              />
            </Group>
            <ItemList
              label={t('playlists.sectionFiles', { n: index + 1 })}
              items={section.files}
              onChange={(files) => update(index, { files })}
              wall={onWall ? { path: `sections.${index}.files`, errors } : undefined}
            />
          </Stack>
        </Paper>
      ))}
      <Group>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={() =>
            onChange([
              ...sections,
              {
                duration: PLAYLIST_DEFAULTS.sectionDuration,
                duplicate: null,
                order: sections.length,
                repeat: 1,
                files: [],
              },
            ])
          }
        >
          {t('playlists.addSection')}
        </Button>
      </Group>
    </Stack>
  );
}
