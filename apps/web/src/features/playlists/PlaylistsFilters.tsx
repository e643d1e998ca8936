import { Checkbox, Group, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  EXPIRATION_FILTERS,
  PLAYLIST_CATEGORIES,
  PLAYLIST_SORTS,
  PLAYLIST_TYPES,
  type PlaylistListQuery,
} from '@vitrine/core';
import { SearchFilter } from '../../lib/list/ListKit';
import { usePlaylistTags, type PlaylistsQuery } from './playlists.api';

/** The playlists list's filters: search, type, category, tag, expiration, sort, waiting for approval. */
export function PlaylistsFilters({
  search,
  update,
}: {
  search: PlaylistsQuery;
  update: (patch: PlaylistsQuery) => void;
}) {
  const { t } = useTranslation();
  const { data: tags } = usePlaylistTags();
  const choose =
    <K extends 'type' | 'category' | 'expiration'>(key: K) =>
    (value: string | null) =>
      update({ [key]: value ?? undefined } as Partial<Pick<PlaylistListQuery, K>>);
  return (
    <Group align="flex-end" wrap="wrap">
      <SearchFilter value={search.search ?? ''} onChange={(value) => update({ search: value })} />
      <Select
        label={t('playlists.type')}
        clearable
        data={PLAYLIST_TYPES.map((v) => ({ value: v, label: t(`playlists.types.${v}`) }))}
        value={search.type ?? null}
        onChange={choose('type')}
      />
      <Select
        label={t('playlists.category')}
        clearable
        searchable
        data={PLAYLIST_CATEGORIES.map((v) => ({ value: v, label: t(`playlists.categories.${v}`) }))}
        value={search.category ?? null}
        onChange={choose('category')}
      />
      <Select
        label={t('playlists.tags')}
        clearable
        data={(tags?.list ?? []).map((x) => ({ value: String(x.id), label: x.name }))}
        value={search.tag ? String(search.tag) : null}
        onChange={(value) => update({ tag: value ? Number(value) : undefined })}
      />
      <Select
        label={t('playlists.expirationLabel')}
        clearable
        data={EXPIRATION_FILTERS.map((v) => ({ value: v, label: t(`playlists.expirationFilter.${v}`) }))}
        value={search.expiration ?? null}
        onChange={choose('expiration')}
      />
      <Select
        label={t('playlists.sort')}
        allowDeselect={false}
        data={PLAYLIST_SORTS.map((v) => ({ value: v, label: t(`playlists.sorts.${v}`) }))}
        value={search.sort ?? 'id'}
        onChange={(v) => v && update({ sort: v as (typeof PLAYLIST_SORTS)[number] })}
      />
      <Checkbox
        label={t('playlists.pendingOnly')}
        checked={search.pending === 'true'}
        onChange={(e) => update({ pending: e.currentTarget.checked ? 'true' : undefined })}
      />
    </Group>
  );
}
