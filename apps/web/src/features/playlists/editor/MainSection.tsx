import { useState } from 'react';
import {
  Button,
  Group,
  MultiSelect,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { FILES_ORDERS, INFLUENCES, PLAYLIST_CATEGORIES, PLAYLIST_TYPES } from '@vitrine/core';
import { PlaylistAppearance } from '../PlaylistAppearance';
import { usePlaylistActions, usePlaylistTags } from '../playlists.api';
import type { EditorState } from './editorState';
import { FormSection } from './FormSection';
import type { PlaylistEditor } from './usePlaylistEditor';

/** Name, category, type, order, influence, tags (a new one made on the spot), appearance, switches. */
export function MainSection({ editor }: { editor: PlaylistEditor }) {
  const { t } = useTranslation();
  const { state, set, errors } = editor;
  return (
    <FormSection title={t('playlists.main')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('playlists.name')}
          value={state.name}
          error={errors.name}
          onChange={(e) => set('name', e.currentTarget.value)}
        />
        <Select
          label={t('playlists.category')}
          clearable
          searchable
          data={PLAYLIST_CATEGORIES.map((v) => ({ value: v, label: t(`playlists.categories.${v}`) }))}
          value={state.category}
          onChange={(v) => set('category', v as EditorState['category'])}
        />
      </SimpleGrid>
      <TypeField editor={editor} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={t('playlists.filesOrder')}
          allowDeselect={false}
          data={FILES_ORDERS.map((v) => ({ value: v, label: t(`playlists.orders.${v}`) }))}
          value={state.filesOrder}
          onChange={(v) => v && set('filesOrder', v as EditorState['filesOrder'])}
        />
        <Select
          label={t('playlists.influence')}
          allowDeselect={false}
          data={INFLUENCES.map((v) => ({ value: v, label: t(`playlists.influences.${v}`) }))}
          value={state.influence}
          onChange={(v) => v && set('influence', v as EditorState['influence'])}
        />
      </SimpleGrid>
      <TagsField editor={editor} />
      <PlaylistAppearance
        value={state}
        errors={errors}
        onChange={(field, next) => set(field, next as EditorState[typeof field])}
      />
      <Group>
        <Switch
          label={t('playlists.active')}
          checked={state.active}
          onChange={(e) => set('active', e.currentTarget.checked)}
        />
        <Switch
          label={t('playlists.override')}
          checked={state.override}
          onChange={(e) => set('override', e.currentTarget.checked)}
        />
      </Group>
    </FormSection>
  );
}

/** The playlist's type, one of a row of choices (a column on a phone). */
function TypeField({ editor }: { editor: PlaylistEditor }) {
  const { t } = useTranslation();
  const { state, set } = editor;
  // Long type names (in Russian, say) do not fit side by side on a phone.
  const narrow = useMediaQuery('(max-width: 36em)');
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id="playlist-type">
        {t('playlists.type')}
      </Text>
      <SegmentedControl
        aria-labelledby="playlist-type"
        fullWidth
        orientation={narrow ? 'vertical' : 'horizontal'}
        data={PLAYLIST_TYPES.map((v) => ({ value: v, label: t(`playlists.types.${v}`) }))}
        value={state.type}
        onChange={(v) => set('type', v as EditorState['type'])}
      />
    </Stack>
  );
}

/** The tags, and a new one made on the spot. */
function TagsField({ editor }: { editor: PlaylistEditor }) {
  const { t } = useTranslation();
  const { state, set } = editor;
  const [newTag, setNewTag] = useState('');
  const { data: tags } = usePlaylistTags();
  const actions = usePlaylistActions();
  return (
    <Group align="flex-end">
      <MultiSelect
        style={{ flex: 1 }}
        label={t('playlists.tags')}
        data={(tags?.list ?? []).map((x) => ({ value: String(x.id), label: x.name }))}
        value={state.tags.map(String)}
        onChange={(v) => set('tags', v.map(Number))}
      />
      <TextInput
        label={t('playlists.newTag')}
        value={newTag}
        onChange={(e) => setNewTag(e.currentTarget.value)}
      />
      <Button
        variant="default"
        disabled={!newTag.trim()}
        onClick={async () => {
          const tag = await actions.createTag.mutateAsync(newTag.trim());
          set('tags', [...state.tags, tag.id]);
          setNewTag('');
        }}
      >
        {t('playlists.addTag')}
      </Button>
    </Group>
  );
}
