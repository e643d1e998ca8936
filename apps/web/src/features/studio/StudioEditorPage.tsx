import { Alert, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CanvasSizeSelect } from './CanvasSizeSelect';
import { StudioCanvas } from './StudioCanvas';
import { AddLayerButtons, EditorToolbar } from './editor/EditorToolbar';
import { Inspector } from './editor/Inspector';
import { LayersPanel } from './editor/LayersPanel';
import { PagesStrip } from './editor/PagesStrip';
import { useStudioEditor } from './editor/useStudioEditor';
import type { StudioKind } from './studio.api';

/**
 * /widgets/$id and /creations/$id ('new' for a new one): the editor. The canvas draws with the player's
 * renderer; layers are added, selected, dragged, resized and rotated on it, and reordered, hidden,
 * locked, renamed and deleted in the layer panel; text, background and font in the properties; undo and
 * redo with their shortcuts.
 */
function StudioEditorPage({ kind }: { kind: StudioKind }) {
  const { t, i18n } = useTranslation();
  const editor = useStudioEditor(kind);
  const { doc, history, save, warnings } = editor;
  return (
    <Stack>
      <EditorToolbar kind={kind} editor={editor} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('studio.name')}
          required
          value={editor.name}
          error={save.nameError}
          onChange={(event) => editor.setName(event.currentTarget.value)}
        />
        <CanvasSizeSelect
          width={doc.width}
          height={doc.height}
          onChange={(size) => history.set((d) => ({ ...d, ...size }))}
        />
      </SimpleGrid>
      {kind === 'creation' && <PagesStrip editor={editor} />}
      <AddLayerButtons onAdd={editor.edits.addLayer} />
      {warnings.length > 0 && (
        <Alert color="yellow" variant="light" title={t('studio.warningsTitle')}>
          {warnings.map((w) => (
            <Text key={w} size="sm">
              {w}
            </Text>
          ))}
        </Alert>
      )}
      <div
        style={{ display: 'grid', gap: 16, gridTemplateColumns: 'minmax(0, 1fr)', alignItems: 'start' }}
        className="studio-editor"
      >
        <StudioCanvas
          doc={doc}
          pageIndex={editor.pageIndex}
          selected={editor.selected}
          onSelect={editor.setSelected}
          onChange={editor.gesture.onChange}
          onCommit={editor.gesture.onCommit}
          fileUrl={editor.fileUrl}
          timeZone={Intl.DateTimeFormat().resolvedOptions().timeZone}
          locale={i18n.language}
          onWarning={editor.onWarning}
        />
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <LayersPanel editor={editor} />
          <Inspector editor={editor} />
        </SimpleGrid>
      </div>
    </Stack>
  );
}

export const WidgetEditorPage = () => <StudioEditorPage kind="widget" />;
export const CreationEditorPage = () => <StudioEditorPage kind="creation" />;
