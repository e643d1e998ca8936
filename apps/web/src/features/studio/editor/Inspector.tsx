import { ColorInput, Group, NumberInput, Paper, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { alignBox, type StudioLayer, type TextStyle } from '@vitrine/core';
import { AlignTools } from '../AlignTools';
import { TextStyleFields } from './TextStyleFields';
import type { StudioEditor } from './useStudioEditor';

const HEX = /^#[0-9a-f]{6}$/i;

/** The selected layer's own fields: its text, its fill, its library file (by kind). */
function LayerContentFields({ layer, editor }: { layer: StudioLayer; editor: StudioEditor }) {
  const { t } = useTranslation();
  const { updateLayer } = editor.edits;
  return (
    <>
      {(layer.kind === 'text' || layer.kind === 'ticker') && (
        <Textarea
          size="xs"
          label={t('studio.text')}
          autosize
          minRows={2}
          value={layer.text}
          onChange={(event) => {
            const value = event.currentTarget.value;
            updateLayer(layer.id, (l) =>
              'text' in l ? ({ ...l, text: value.slice(0, 5000) } as StudioLayer) : l,
            );
          }}
        />
      )}
      {'style' in layer && (
        <TextStyleFields
          style={layer.style}
          fontFiles={editor.fontFiles}
          onChange={(change: Partial<TextStyle>) =>
            updateLayer(layer.id, (l) =>
              'style' in l ? ({ ...l, style: { ...l.style, ...change } } as StudioLayer) : l,
            )
          }
        />
      )}
      {layer.kind === 'shape' && (
        <ColorInput
          size="xs"
          label={t('studio.fill')}
          format="hex"
          value={layer.fill ?? ''}
          onChange={(fill) =>
            HEX.test(fill) && updateLayer(layer.id, (l) => (l.kind === 'shape' ? { ...l, fill } : l))
          }
        />
      )}
      {(layer.kind === 'image' || layer.kind === 'video') && (
        <Select
          size="xs"
          label={t('studio.libraryFile')}
          data={(editor.library ?? [])
            .filter((f) => f.kind === layer.kind)
            .map((f) => ({ value: String(f.id), label: f.name }))}
          value={String(layer.fileId)}
          allowDeselect={false}
          onChange={(v) =>
            v &&
            updateLayer(layer.id, (l) => ('fileId' in l ? ({ ...l, fileId: Number(v) } as StudioLayer) : l))
          }
        />
      )}
    </>
  );
}

/** The selected layer's place: alignment on the canvas, then x, y, width, height and rotation. */
function LayerBoxFields({ layer, editor }: { layer: StudioLayer; editor: StudioEditor }) {
  const { t } = useTranslation();
  const { updateLayer } = editor.edits;
  return (
    <>
      <AlignTools
        disabled={layer.locked}
        onAlign={(to) => updateLayer(layer.id, (l) => alignBox(l, editor.doc, to))}
      />
      <Group grow gap="xs">
        {(['x', 'y', 'width', 'height', 'rotation'] as const).map((key) => (
          <NumberInput
            key={key}
            size="xs"
            label={t(`studio.box.${key}`)}
            value={layer[key]}
            onChange={(v) =>
              typeof v === 'number' &&
              updateLayer(layer.id, (l) => ({
                ...l,
                [key]: key === 'width' || key === 'height' ? Math.max(1, v) : v,
              }))
            }
          />
        ))}
      </Group>
    </>
  );
}

/** The properties: the page's background, then the selected layer's fields (or a hint to select one). */
export function Inspector({ editor }: { editor: StudioEditor }) {
  const { t } = useTranslation();
  const { page, layer, edits } = editor;
  return (
    <Paper withBorder p="sm">
      <Title order={2} size="h5" mb="xs">
        {t('studio.properties')}
      </Title>
      <Stack gap="xs">
        <ColorInput
          size="xs"
          label={t('studio.background')}
          format="hex"
          value={page.background.color}
          onChange={(color) =>
            HEX.test(color) && edits.setPage((p) => ({ ...p, background: { ...p.background, color } }))
          }
        />
        {layer && <LayerContentFields layer={layer} editor={editor} />}
        {layer && <LayerBoxFields layer={layer} editor={editor} />}
        {!layer && (
          <Text size="xs" c="dimmed">
            {t('studio.selectHint')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
