import { useState } from 'react';
import { Badge, Button, Group, Image, Modal, Stack, Tabs, TagsInput, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FileItem } from '@vitrine/core';
import { galleryKey, useGalleryActions } from '../files.api';
import { FileRules } from '../FileRules';
import { formatBytes, formatDuration } from './format';

/** A file's own window: the file itself, its details, tags and rules. */
export function Preview({
  file,
  onClose,
  canEdit,
}: {
  file: FileItem | null;
  onClose: () => void;
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const [tags, setTags] = useState<string[]>([]);
  const actions = useGalleryActions(galleryKey('home', file?.path ?? 0), file?.path ?? 0);
  const details = file && (
    <Stack>
      {file.kind === 'image' && <Image src={file.url} alt={file.name} fit="contain" mah="60vh" />}
      {file.kind === 'video' && (
        <video src={file.url} controls style={{ width: '100%', maxHeight: '60vh' }} aria-label={file.name} />
      )}
      {file.kind === 'audio' && (
        <audio src={file.url} controls style={{ width: '100%' }} aria-label={file.name} />
      )}
      <Group gap="xs">
        <Badge variant="light">{file.mime}</Badge>
        {file.kind === 'stream' && <Badge variant="light">{t('gallery.live')}</Badge>}
        {file.width && file.height && <Badge variant="light">{`${file.width}×${file.height}`}</Badge>}
        {file.duration !== null && <Badge variant="light">{formatDuration(file.duration)}</Badge>}
        {file.size > 0 && <Badge variant="light">{formatBytes(file.size)}</Badge>}
      </Group>
      {file.remoteUrl && (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {file.remoteUrl}
        </Text>
      )}
      {canEdit && (
        <Group align="flex-end">
          <TagsInput
            label={t('gallery.tags')}
            defaultValue={file.tags}
            onChange={setTags}
            style={{ flex: 1 }}
            maxTags={50}
          />
          <Button onClick={() => actions.setTags.mutate({ file, tags })}>{t('common.save')}</Button>
        </Group>
      )}
    </Stack>
  );
  return (
    <Modal opened={file !== null} onClose={onClose} title={file?.name} size="xl" centered>
      {file &&
        (canEdit && file.source !== 'STOCK' ? (
          <Tabs defaultValue="details" keepMounted={false}>
            <Tabs.List mb="md">
              <Tabs.Tab value="details">{t('fileRules.details')}</Tabs.Tab>
              <Tabs.Tab value="rules">{t('fileRules.tab')}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="details">{details}</Tabs.Panel>
            <Tabs.Panel value="rules">
              <FileRules fileId={file.id} />
            </Tabs.Panel>
          </Tabs>
        ) : (
          details
        ))}
    </Modal>
  );
}
