import { Button, Group, Select, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { FileItem, GalleryItem } from '@vitrine/core';
import { isFile } from '../files.api';

/** What can be done with the chosen items: choose them (the picker), move them to a folder, delete them. */
export function SelectionBar({
  chosen,
  onChoose,
  moveTargets,
  onMove,
  onDelete,
  canCrud,
  canDelete,
}: {
  chosen: GalleryItem[];
  onChoose?: ((files: FileItem[]) => void) | undefined;
  moveTargets: { value: string; label: string }[];
  onMove: (target: number) => void;
  onDelete: () => void;
  canCrud: boolean;
  canDelete: boolean;
}) {
  const { t } = useTranslation();
  return (
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
          onChange={(value) => value !== null && onMove(Number(value))}
        />
      )}
      {canDelete && (
        <Button
          size="xs"
          color="red"
          variant="light"
          leftSection={<IconTrash size={14} />}
          onClick={onDelete}
        >
          {t('gallery.delete')}
        </Button>
      )}
    </Group>
  );
}
