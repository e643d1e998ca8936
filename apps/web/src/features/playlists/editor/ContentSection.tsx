import { useState } from 'react';
import { ActionIcon, Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FilePickerModal, ItemList, SectionsEditor, toPlaylistItem } from '../PlaylistContent';
import { FormSection } from './FormSection';
import type { PlaylistEditor } from './usePlaylistEditor';

/** The files (or a block's sections) and the secondary content with its loop. */
export function ContentSection({ editor }: { editor: PlaylistEditor }) {
  const { t } = useTranslation();
  const { state, set, errors } = editor;
  return (
    <FormSection title={t('playlists.content')}>
      {state.type === 'BLOCK' ? (
        <>
          <NumberInput
            w={200}
            min={1}
            label={t('playlists.blockDuration')}
            value={state.blockDuration}
            error={errors.blockDuration}
            onChange={(v) => set('blockDuration', Number(v) || 0)}
          />
          {errors.sections && (
            <Text c="red" size="sm" role="alert">
              {errors.sections}
            </Text>
          )}
          <SectionsEditor
            sections={state.sections}
            blockDuration={state.blockDuration}
            errors={errors}
            onWall={state.walls.length > 0}
            onChange={(sections) => set('sections', sections)}
          />
        </>
      ) : (
        <ItemList
          label={t('playlists.files')}
          items={state.files}
          error={errors.files}
          onChange={(files) => set('files', files)}
          wall={state.walls.length > 0 ? { path: 'files', errors } : undefined}
        />
      )}
      {state.type === 'BLOCK' && errors.files && (
        <Text c="red" size="sm" role="alert">
          {errors.files}
        </Text>
      )}
      <SecondaryContent editor={editor} />
    </FormSection>
  );
}

/** The secondary content: its file, chosen from the library or cleared, and its loop. */
function SecondaryContent({ editor }: { editor: PlaylistEditor }) {
  const { t } = useTranslation();
  const { state, set, setState } = editor;
  const [pickingSecondary, setPickingSecondary] = useState(false);
  return (
    <>
      <Group align="flex-end">
        <Stack gap={4} style={{ flex: 1, minWidth: 200 }}>
          <Text size="sm" fw={500}>
            {t('playlists.secondary')}
          </Text>
          <Text size="sm" c={state.secondaryFile ? undefined : 'dimmed'}>
            {state.secondaryFile?.name ?? '—'}
          </Text>
        </Stack>
        <Button variant="default" onClick={() => setPickingSecondary(true)}>
          {t('playlists.chooseSecondary')}
        </Button>
        {state.secondaryFile && (
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={t('playlists.clearSecondary')}
            onClick={() => setState((s) => ({ ...s, secondaryFile: null, secondaryFileId: null }))}
          >
            <IconTrash size={16} />
          </ActionIcon>
        )}
        <NumberInput
          w={180}
          min={1}
          label={t('playlists.secondaryLoop')}
          value={state.secondaryLoopDuration ?? ''}
          onChange={(v) => set('secondaryLoopDuration', v === '' ? null : Number(v))}
        />
      </Group>
      {pickingSecondary && (
        <FilePickerModal
          title={t('playlists.secondary')}
          onClose={() => setPickingSecondary(false)}
          onChoose={([file]) =>
            file && setState((s) => ({ ...s, secondaryFile: toPlaylistItem(file), secondaryFileId: file.id }))
          }
        />
      )}
    </>
  );
}
