import { ActionIcon, Button, Group, Title, Tooltip } from '@mantine/core';
import { IconArrowBackUp, IconArrowForwardUp } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { LayerKind } from '@vitrine/core';
import type { StudioKind } from '../studio.api';
import type { StudioEditor } from './useStudioEditor';

const ADDABLE: LayerKind[] = ['text', 'shape', 'clock', 'date', 'ticker', 'image', 'video'];
const BASE = { widget: '/widgets', creation: '/creations' } as const;

/** The editor's title bar: undo, redo, back to the list, save. */
export function EditorToolbar({ kind, editor }: { kind: StudioKind; editor: StudioEditor }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { history, save } = editor;
  return (
    <Group justify="space-between" wrap="wrap">
      <Title order={1} size="h3">
        {t(kind === 'widget' ? 'studio.widgetEditor' : 'studio.creationEditor')}
      </Title>
      <Group gap="xs">
        <Tooltip label={t('studio.undo')}>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t('studio.undo')}
            disabled={!history.canUndo}
            onClick={history.undo}
          >
            <IconArrowBackUp size={18} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t('studio.redo')}>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t('studio.redo')}
            disabled={!history.canRedo}
            onClick={history.redo}
          >
            <IconArrowForwardUp size={18} />
          </ActionIcon>
        </Tooltip>
        <Button variant="default" onClick={() => void navigate({ to: BASE[kind] })}>
          {t('studio.backToList')}
        </Button>
        <Button onClick={() => void save.submit()} loading={save.saving}>
          {t('common.save')}
        </Button>
      </Group>
    </Group>
  );
}

/** One button a kind of layer, each adding it to the page. */
export function AddLayerButtons({ onAdd }: { onAdd: (kind: LayerKind) => void }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" aria-label={t('studio.addLayer')} role="group">
      {ADDABLE.map((k) => (
        <Button key={k} size="xs" variant="light" onClick={() => onAdd(k)}>
          {t('studio.add', { kind: t(`studio.kinds.${k}`) })}
        </Button>
      ))}
    </Group>
  );
}
