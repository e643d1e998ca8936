import { NumberInput, Select, SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ACTIONS_ON_END, QUOTA_KINDS } from '@vitrine/core';
import { usePermission } from '../../../lib/permissions';
import type { EditorState } from './editorState';
import { FormSection } from './FormSection';
import type { PlaylistEditor } from './usePlaylistEditor';

/** Show quotas, the longest show (the owner's to set) and what happens at the end. */
export function RestrictionsSection({ editor }: { editor: PlaylistEditor }) {
  const { t } = useTranslation();
  const { state, set, errors, quota, setQuota } = editor;
  const setsMaxDuration = usePermission('playlist.maxDuration');
  return (
    <FormSection title={t('playlists.restrictions')}>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {QUOTA_KINDS.map((kind) => (
          <NumberInput
            key={kind}
            min={1}
            label={t(`playlists.quotaKinds.${kind}`)}
            placeholder={t('playlists.noLimit')}
            value={quota(kind)?.quantity ?? ''}
            onChange={(v) => setQuota(kind, v === '' ? null : Number(v))}
          />
        ))}
      </SimpleGrid>
      <NumberInput
        w={240}
        min={1}
        label={t('playlists.maxDuration')}
        placeholder={t('playlists.noLimit')}
        disabled={!setsMaxDuration}
        value={state.maxDuration ?? ''}
        error={errors.maxDuration}
        onChange={(v) => set('maxDuration', v === '' ? null : Number(v))}
      />
      <Select
        w={240}
        label={t('playlists.actionOnEnd')}
        allowDeselect={false}
        data={[
          { value: 'NOTHING', label: t('playlists.endActions.NOTHING') },
          ...ACTIONS_ON_END.map((v) => ({ value: v, label: t(`playlists.endActions.${v}`) })),
        ]}
        value={state.actionOnEnd ?? 'NOTHING'}
        onChange={(v) => set('actionOnEnd', v === 'NOTHING' || !v ? null : (v as EditorState['actionOnEnd']))}
      />
    </FormSection>
  );
}
