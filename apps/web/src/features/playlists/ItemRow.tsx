import { ActionIcon, Avatar, Group, NumberInput, Paper, Select, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPhoto, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PLAYLIST_DEFAULTS, type PlaylistItem } from '@vitrine/core';
import { formatSeconds } from './contentItems';

/**
 * One content item: its thumbnail, name and kind, a duration for media without their own, how it stands
 * on a video wall (`wallFitError` given: the playlist targets walls), and moving and removing it.
 */
export function ItemRow({
  item,
  first,
  last,
  onChange,
  onMove,
  onRemove,
  wallFitError,
}: {
  item: PlaylistItem;
  first: boolean;
  last: boolean;
  onChange: (change: Partial<PlaylistItem>) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
  wallFitError?: string | null | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="xs">
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
            onChange={(v) => onChange({ duration: v === '' ? null : Number(v) })}
          />
        )}
        {wallFitError !== undefined && (item.kind === 'image' || item.kind === 'video') && (
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
            error={wallFitError}
            onChange={(v) => onChange({ wallFit: v === 'fit' || v === 'fill' ? v : null })}
          />
        )}
        <ItemActions name={item.name} first={first} last={last} onMove={onMove} onRemove={onRemove} />
      </Group>
    </Paper>
  );
}

/** Moving an item up and down the list, and removing it. */
function ItemActions({
  name,
  first,
  last,
  onMove,
  onRemove,
}: {
  name: string;
  first: boolean;
  last: boolean;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <ActionIcon
        variant="subtle"
        disabled={first}
        aria-label={t('playlists.moveUp', { name: name })}
        onClick={() => onMove(-1)}
      >
        <IconArrowUp size={16} />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        disabled={last}
        aria-label={t('playlists.moveDown', { name: name })}
        onClick={() => onMove(1)}
      >
        <IconArrowDown size={16} />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color="red"
        aria-label={t('playlists.removeItem', { name: name })}
        onClick={onRemove}
      >
        <IconTrash size={16} />
      </ActionIcon>
    </>
  );
}
