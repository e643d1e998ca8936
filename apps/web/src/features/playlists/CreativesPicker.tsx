import { useState } from 'react';
import { Alert, Button, Checkbox, FileButton, Group, Image, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { UPLOAD_EXTENSIONS, uploadRefusal, type FileItem, type GalleryItem } from '@vitrine/core';
import { useCreativeUpload, useCreatives } from '../files';
import { translateError } from '../../lib/messages';
import { notifyError } from '../../lib/notify';

const isFile = (item: GalleryItem): item is FileItem => 'mime' in item;

/**
 * The playlist editor's picker for an editor without the gallery (an advertising agent, spec §6): the
 * cabinet's Creatives folder, where it uploads the files its playlists show, and chooses from them.
 */
export function CreativesPicker({ onChoose }: { onChoose: (files: FileItem[]) => void }) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  // Files an upload answered with from elsewhere in the library (the same content already there): shown
  // and chosen here, though they stay in their own folder.
  const [found, setFound] = useState<FileItem[]>([]);
  const { data } = useCreatives();
  const upload = useCreativeUpload();
  const listed = (data?.data ?? []).filter(isFile);
  const files = [...listed, ...found.filter((f) => !listed.some((l) => l.id === f.id))];
  const toggle = (id: number) =>
    setChosen((c) => {
      const next = new Set(c);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <Stack>
      <Alert color="blue" variant="light">
        {t('playlists.creativesHelp')}
      </Alert>
      <Group>
        <FileButton
          onChange={(file) => {
            if (!file) return;
            // The uploader's rules (spec §5) before a byte is sent, as in the gallery.
            const refusal = uploadRefusal(file.name, file.size);
            if (refusal) notifyError(translateError(refusal));
            else
              upload.mutate(file, {
                onSuccess: (answer) => {
                  const { duplicate, ...added } = answer;
                  if (duplicate) setFound((f) => [...f.filter((x) => x.id !== added.id), added]);
                  setChosen((c) => new Set([...c, added.id]));
                },
              });
          }}
          accept={UPLOAD_EXTENSIONS.map((e) => `.${e}`).join(',')}
        >
          {(props) => (
            <Button
              {...props}
              variant="light"
              leftSection={<IconUpload size={16} />}
              loading={upload.isPending}
            >
              {t('playlists.uploadCreative')}
            </Button>
          )}
        </FileButton>
      </Group>
      {files.length === 0 ? (
        <Text c="dimmed">{t('playlists.noCreatives')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          {files.map((file) => (
            <CreativeTile
              key={file.id}
              file={file}
              chosen={chosen.has(file.id)}
              onToggle={() => toggle(file.id)}
            />
          ))}
        </SimpleGrid>
      )}
      <Group justify="flex-end">
        <Button disabled={chosen.size === 0} onClick={() => onChoose(files.filter((f) => chosen.has(f.id)))}>
          {t('gallery.choose')}
        </Button>
      </Group>
    </Stack>
  );
}

/** One creative: its thumbnail (or its kind) and a box to choose it. */
function CreativeTile({ file, chosen, onToggle }: { file: FileItem; chosen: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      {file.thumbUrl ? (
        <Image src={file.thumbUrl} alt="" h={90} fit="contain" radius="sm" />
      ) : (
        <Text size="xs" c="dimmed" h={90}>
          {file.kind}
        </Text>
      )}
      <Checkbox
        checked={chosen}
        onChange={onToggle}
        aria-label={t('gallery.select', { name: file.name })}
        label={
          <Text size="sm" style={{ wordBreak: 'break-word' }}>
            {file.name}
          </Text>
        }
      />
    </Stack>
  );
}
