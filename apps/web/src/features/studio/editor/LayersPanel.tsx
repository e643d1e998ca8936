import { ActionIcon, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  IconChevronDown,
  IconChevronUp,
  IconEye,
  IconEyeOff,
  IconLock,
  IconLockOpen,
  IconTrash,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { StudioLayer } from '@vitrine/core';
import type { LayerEdits } from './useLayerEdits';
import type { StudioEditor } from './useStudioEditor';

interface LayerRowProps {
  layer: StudioLayer;
  selected: boolean;
  onSelect: (id: string) => void;
  edits: LayerEdits;
}

/** One layer: its name, forward, backward, hide or show, lock or unlock, remove. */
function LayerRow({ layer: l, selected, onSelect, edits }: LayerRowProps) {
  const { t } = useTranslation();
  const { updateLayer, moveLayer, removeLayer } = edits;
  return (
    <Group
      gap={4}
      wrap="nowrap"
      p={4}
      style={{ borderRadius: 4, background: selected ? 'var(--mantine-color-blue-light)' : undefined }}
    >
      <TextInput
        size="xs"
        style={{ flex: 1 }}
        aria-label={t('studio.layerName')}
        value={l.name}
        onFocus={() => onSelect(l.id)}
        onChange={(event) => {
          const value = event.currentTarget.value;
          updateLayer(l.id, (x) => ({ ...x, name: value.slice(0, 100) }));
        }}
      />
      <ActionIcon
        variant="subtle"
        aria-label={t('studio.forward', { name: l.name })}
        onClick={() => moveLayer(l.id, 1)}
      >
        <IconChevronUp size={16} />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        aria-label={t('studio.backward', { name: l.name })}
        onClick={() => moveLayer(l.id, -1)}
      >
        <IconChevronDown size={16} />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        aria-label={t(l.visible ? 'studio.hide' : 'studio.show', { name: l.name })}
        aria-pressed={!l.visible}
        onClick={() => updateLayer(l.id, (x) => ({ ...x, visible: !x.visible }))}
      >
        {l.visible ? <IconEye size={16} /> : <IconEyeOff size={16} />}
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        aria-label={t(l.locked ? 'studio.unlock' : 'studio.lock', { name: l.name })}
        aria-pressed={l.locked}
        onClick={() => updateLayer(l.id, (x) => ({ ...x, locked: !x.locked }))}
      >
        {l.locked ? <IconLock size={16} /> : <IconLockOpen size={16} />}
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color="red"
        aria-label={t('studio.removeLayer', { name: l.name })}
        onClick={() => removeLayer(l.id)}
      >
        <IconTrash size={16} />
      </ActionIcon>
    </Group>
  );
}

/** The page's layers, the front one first. */
export function LayersPanel({ editor }: { editor: StudioEditor }) {
  const { t } = useTranslation();
  const { page, selected, setSelected, edits } = editor;
  return (
    <Paper withBorder p="sm">
      <Title order={2} size="h5" mb="xs">
        {t('studio.layers')}
      </Title>
      {page.layers.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('studio.noLayers')}
        </Text>
      )}
      <Stack gap={4}>
        {[...page.layers].reverse().map((l) => (
          <LayerRow key={l.id} layer={l} selected={l.id === selected} onSelect={setSelected} edits={edits} />
        ))}
      </Stack>
    </Paper>
  );
}
