import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  ColorInput,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  TextInput,
  Textarea,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconArrowBackUp,
  IconArrowForwardUp,
  IconChevronDown,
  IconChevronUp,
  IconEye,
  IconEyeOff,
  IconLock,
  IconLockOpen,
  IconTrash,
} from '@tabler/icons-react';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import {
  alignBox,
  blankDocument,
  blankPage,
  newLayer,
  withUploadedFonts,
  type LayerKind,
  type StudioDocument,
  type StudioLayer,
  type TextStyle,
} from '@vitrine/core';
import type { RenderWarning } from '@vitrine/render';
import { ApiError } from '../../api/client';
import { notifyError } from '../../lib/notify';
import { useFormSubmit } from '../../lib/useZodForm';
import { useSaveShortcut, useSavedState, useUnsavedChanges } from '../../lib/unsaved';
import { AlignTools } from './AlignTools';
import { CanvasSizeSelect } from './CanvasSizeSelect';
import { fontChoices } from './fonts';
import { useHistory } from './history';
import { takeThumbnail } from './thumbnail';
import { StudioCanvas } from './StudioCanvas';
import { useLibraryMedia, useStudioActions, useStudioItem, type StudioKind } from './studio.api';

const ADDABLE: LayerKind[] = ['text', 'shape', 'clock', 'date', 'ticker', 'image', 'video'];
const BASE = { widget: '/widgets', creation: '/creations' } as const;

type Updater = (layer: StudioLayer) => StudioLayer;

/** A fresh id for a layer of the page. */
const layerId = (kind: string, taken: Set<string>) => {
  for (let n = 1; ; n += 1) if (!taken.has(`${kind}-${n}`)) return `${kind}-${n}`;
};

/**
 * /widgets/$id and /creations/$id ('new' for a new one): the editor. The canvas draws with the player's
 * renderer; layers are added, selected, dragged, resized and rotated on it, and reordered, hidden,
 * locked, renamed and deleted in the layer panel; text, background and font in the properties; undo and
 * redo with their shortcuts.
 */
function StudioEditorPage({ kind }: { kind: StudioKind }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const params = useParams({ strict: false });
  const id = params.id && params.id !== 'new' ? Number(params.id) : null;
  const { data: item } = useStudioItem(kind, id);
  const { save } = useStudioActions(kind);
  const history = useHistory<StudioDocument>(blankDocument());
  const { data: library } = useLibraryMedia();
  const fontFiles = useMemo(() => (library ?? []).filter((f) => f.kind === 'font'), [library]);
  // The uploaded fonts the text uses go with the document: drawn here, saved, and cached by screens.
  const doc = useMemo(() => withUploadedFonts(history.value, fontFiles), [history.value, fontFiles]);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [pageIndex, setPageIndex] = useState(0);
  const [selected, setSelected] = useState<string | null>(null);
  const [warnings, setWarnings] = useState<string[]>([]);
  // The document before a gesture on the canvas began: one step of the history once it ends.
  const gestureFrom = useRef<StudioDocument | null>(null);
  const latest = useRef(doc);
  latest.current = doc;
  const { reset } = history;
  // Spec §5: leaving with unsaved changes asks first; what was loaded or saved last is the baseline.
  const { isDirty, markSaved } = useSavedState({ name, document: history.value });
  useUnsavedChanges(isDirty);

  useEffect(() => {
    if (item) {
      reset(item.document);
      setName(item.name);
      markSaved({ name: item.name, document: item.document });
    }
  }, [item, reset, markSaved]);

  const page = doc.pages[pageIndex] ?? doc.pages[0]!;
  const layer = page.layers.find((l) => l.id === selected) ?? null;
  const urls = useMemo(() => new Map((library ?? []).map((f) => [f.id, f.url])), [library]);
  const fileUrl = useCallback((fileId: number) => urls.get(fileId) ?? null, [urls]);
  const onWarning = useCallback(
    (w: RenderWarning) => {
      const text =
        w.kind === 'font'
          ? t('studio.fontMissing', { family: w.family })
          : t('studio.fileMissing', { id: w.fileId });
      setWarnings((list) => (list.includes(text) ? list : [...list, text]));
    },
    [t],
  );
  useEffect(() => setWarnings([]), [doc]);

  const setPage = (change: (p: typeof page) => typeof page) =>
    history.set((d) => ({ ...d, pages: d.pages.map((p, i) => (i === pageIndex ? change(p) : p)) }));
  const updateLayer = (layerIdToChange: string, update: Updater) =>
    setPage((p) => ({ ...p, layers: p.layers.map((l) => (l.id === layerIdToChange ? update(l) : l)) }));
  const addLayer = (layerKind: LayerKind) => {
    const media = (library ?? []).find((f) => f.kind === (layerKind === 'video' ? 'video' : 'image'));
    if ((layerKind === 'image' || layerKind === 'video') && !media) {
      notifyError(t('studio.noMedia'));
      return;
    }
    const created = newLayer(
      layerKind,
      layerId(layerKind, new Set(page.layers.map((l) => l.id))),
      doc,
      media?.id,
    );
    setPage((p) => ({ ...p, layers: [...p.layers, { ...created, name: t(`studio.kinds.${layerKind}`) }] }));
    setSelected(created.id);
  };
  const removeLayer = (target: string) => {
    setPage((p) => ({ ...p, layers: p.layers.filter((l) => l.id !== target) }));
    if (selected === target) setSelected(null);
  };
  const moveLayer = (target: string, by: 1 | -1) =>
    setPage((p) => {
      const from = p.layers.findIndex((l) => l.id === target);
      const to = from + by;
      if (from < 0 || to < 0 || to >= p.layers.length) return p;
      const layers = [...p.layers];
      [layers[from], layers[to]] = [layers[to]!, layers[from]!];
      return { ...p, layers };
    });

  // The save goes through the form kit: the client says success ('<name> saved') or the server's refusal
  // once (one toast, not two over the Save button); only a failure before the call (the thumbnail) is
  // said here.
  const validate = () => {
    if (!name.trim()) {
      setNameError(t('validation.required'));
      return null;
    }
    setNameError(null);
    return name.trim();
  };
  const { busy, onSubmit: submit } = useFormSubmit(
    { validate, markSaved: () => markSaved({ name, document: history.value }) },
    async (trimmed) => {
      const thumbnail = await takeThumbnail(
        document.querySelector<HTMLElement>('[data-testid="studio-preview"]'),
      );
      return save.mutateAsync({
        id,
        name: trimmed,
        notice: t('studio.saved', { name: trimmed }),
        document: doc,
        ...(thumbnail ? { thumbnail } : {}),
        ...(item ? { revision: item.revision } : {}),
      });
    },
    {
      onSuccess: (saved) => {
        if (id === null) void navigate({ to: `${BASE[kind]}/$id`, params: { id: String(saved.id) } });
      },
      onError: (error) => {
        if (!(error instanceof ApiError))
          notifyError(t('studio.failed', { name: name.trim(), reason: String(error) }));
      },
    },
  );

  // Ctrl+S saves from anywhere, a field included; the other keys act on the canvas, not in a field.
  useSaveShortcut(submit);
  // Keyboard: undo, redo, delete and nudge (Shift: by 10).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"]')) return;
      const mod = event.ctrlKey || event.metaKey;
      if (mod && event.key.toLowerCase() === 'z') {
        event.preventDefault();
        if (event.shiftKey) history.redo();
        else history.undo();
      } else if (mod && event.key.toLowerCase() === 'y') {
        event.preventDefault();
        history.redo();
      } else if (event.key === 'Escape') {
        setSelected(null);
      } else if (layer && (event.key === 'Delete' || event.key === 'Backspace')) {
        event.preventDefault();
        removeLayer(layer.id);
      } else if (layer && !layer.locked && event.key.startsWith('Arrow')) {
        event.preventDefault();
        const step = event.shiftKey ? 10 : 1;
        const dx = event.key === 'ArrowLeft' ? -step : event.key === 'ArrowRight' ? step : 0;
        const dy = event.key === 'ArrowUp' ? -step : event.key === 'ArrowDown' ? step : 0;
        updateLayer(layer.id, (l) => ({ ...l, x: l.x + dx, y: l.y + dy }));
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const style = layer && 'style' in layer ? layer.style : null;
  const setStyle = (change: Partial<TextStyle>) =>
    layer &&
    updateLayer(layer.id, (l) =>
      'style' in l ? ({ ...l, style: { ...l.style, ...change } } as StudioLayer) : l,
    );

  return (
    <Stack>
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
          <Button onClick={() => submit()} loading={busy}>
            {t('common.save')}
          </Button>
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('studio.name')}
          required
          value={name}
          error={nameError}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <CanvasSizeSelect
          width={doc.width}
          height={doc.height}
          onChange={(size) => history.set((d) => ({ ...d, ...size }))}
        />
      </SimpleGrid>
      {kind === 'creation' && (
        <Group gap="xs" align="flex-end">
          <Tabs value={String(pageIndex)} onChange={(v) => setPageIndex(Number(v ?? 0))}>
            <Tabs.List>
              {doc.pages.map((p, i) => (
                <Tabs.Tab key={p.id} value={String(i)}>
                  {t('studio.pageN', { n: i + 1 })}
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </Tabs>
          <Button
            size="xs"
            variant="light"
            onClick={() => {
              const ids = new Set(doc.pages.map((p) => p.id));
              let n = doc.pages.length + 1;
              while (ids.has(`page-${n}`)) n += 1;
              history.set((d) => ({ ...d, pages: [...d.pages, blankPage(`page-${n}`)] }));
              setPageIndex(doc.pages.length);
            }}
          >
            {t('studio.addPage')}
          </Button>
          <NumberInput
            size="xs"
            w={140}
            label={t('studio.pageDuration')}
            min={1}
            max={86400}
            value={page.duration}
            onChange={(v) =>
              typeof v === 'number' && v >= 1 && setPage((p) => ({ ...p, duration: Math.round(v) }))
            }
          />
          {doc.pages.length > 1 && (
            <Button
              size="xs"
              color="red"
              variant="subtle"
              onClick={() => {
                history.set((d) => ({ ...d, pages: d.pages.filter((_, i) => i !== pageIndex) }));
                setPageIndex(Math.max(0, pageIndex - 1));
              }}
            >
              {t('studio.removePage')}
            </Button>
          )}
        </Group>
      )}
      <Group gap="xs" aria-label={t('studio.addLayer')} role="group">
        {ADDABLE.map((k) => (
          <Button key={k} size="xs" variant="light" onClick={() => addLayer(k)}>
            {t('studio.add', { kind: t(`studio.kinds.${k}`) })}
          </Button>
        ))}
      </Group>
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
          pageIndex={pageIndex}
          selected={selected}
          onSelect={setSelected}
          onChange={(target, box) => {
            const current = latest.current;
            gestureFrom.current ??= current;
            history.replace({
              ...current,
              pages: current.pages.map((p, i) =>
                i === pageIndex
                  ? { ...p, layers: p.layers.map((l) => (l.id === target ? { ...l, ...box } : l)) }
                  : p,
              ),
            });
          }}
          onCommit={() => {
            if (gestureFrom.current) history.commit(gestureFrom.current, latest.current);
            gestureFrom.current = null;
          }}
          fileUrl={fileUrl}
          timeZone={Intl.DateTimeFormat().resolvedOptions().timeZone}
          locale={i18n.language}
          onWarning={onWarning}
        />
        <SimpleGrid cols={{ base: 1, md: 2 }}>
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
                <Group
                  key={l.id}
                  gap={4}
                  wrap="nowrap"
                  p={4}
                  style={{
                    borderRadius: 4,
                    background: l.id === selected ? 'var(--mantine-color-blue-light)' : undefined,
                  }}
                >
                  <TextInput
                    size="xs"
                    style={{ flex: 1 }}
                    aria-label={t('studio.layerName')}
                    value={l.name}
                    onFocus={() => setSelected(l.id)}
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
              ))}
            </Stack>
          </Paper>
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
                  /^#[0-9a-f]{6}$/i.test(color) &&
                  setPage((p) => ({ ...p, background: { ...p.background, color } }))
                }
              />
              {layer && (layer.kind === 'text' || layer.kind === 'ticker') && (
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
              {style && (
                <>
                  <Select
                    size="xs"
                    label={t('studio.font')}
                    description={t('studio.fontsHint')}
                    data={fontChoices(t, fontFiles, style.fontFamily)}
                    value={style.fontFamily}
                    allowDeselect={false}
                    onChange={(fontFamily) => fontFamily && setStyle({ fontFamily })}
                  />
                  <Group grow gap="xs">
                    <NumberInput
                      size="xs"
                      label={t('studio.fontSize')}
                      min={1}
                      max={2000}
                      value={style.fontSize}
                      onChange={(v) => typeof v === 'number' && v >= 1 && setStyle({ fontSize: v })}
                    />
                    <Select
                      size="xs"
                      label={t('studio.fontWeight')}
                      data={['300', '400', '500', '700', '900']}
                      value={String(style.fontWeight)}
                      allowDeselect={false}
                      onChange={(v) => v && setStyle({ fontWeight: Number(v) })}
                    />
                  </Group>
                  <ColorInput
                    size="xs"
                    label={t('studio.textColor')}
                    format="hex"
                    value={style.color}
                    onChange={(color) => /^#[0-9a-f]{6}$/i.test(color) && setStyle({ color })}
                  />
                  <Select
                    size="xs"
                    label={t('studio.align')}
                    data={(['left', 'center', 'right', 'justify'] as const).map((a) => ({
                      value: a,
                      label: t(`studio.aligns.${a}`),
                    }))}
                    value={style.align}
                    allowDeselect={false}
                    onChange={(v) => v && setStyle({ align: v as TextStyle['align'] })}
                  />
                </>
              )}
              {layer && layer.kind === 'shape' && (
                <ColorInput
                  size="xs"
                  label={t('studio.fill')}
                  format="hex"
                  value={layer.fill ?? ''}
                  onChange={(fill) =>
                    /^#[0-9a-f]{6}$/i.test(fill) &&
                    updateLayer(layer.id, (l) => (l.kind === 'shape' ? { ...l, fill } : l))
                  }
                />
              )}
              {layer && (layer.kind === 'image' || layer.kind === 'video') && (
                <Select
                  size="xs"
                  label={t('studio.libraryFile')}
                  data={(library ?? [])
                    .filter((f) => f.kind === layer.kind)
                    .map((f) => ({ value: String(f.id), label: f.name }))}
                  value={String(layer.fileId)}
                  allowDeselect={false}
                  onChange={(v) =>
                    v &&
                    updateLayer(layer.id, (l) =>
                      'fileId' in l ? ({ ...l, fileId: Number(v) } as StudioLayer) : l,
                    )
                  }
                />
              )}
              {layer && (
                <AlignTools
                  disabled={layer.locked}
                  onAlign={(to) => updateLayer(layer.id, (l) => alignBox(l, doc, to))}
                />
              )}
              {layer && (
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
              )}
              {!layer && (
                <Text size="xs" c="dimmed">
                  {t('studio.selectHint')}
                </Text>
              )}
            </Stack>
          </Paper>
        </SimpleGrid>
      </div>
    </Stack>
  );
}

export const WidgetEditorPage = () => <StudioEditorPage kind="widget" />;
export const CreationEditorPage = () => <StudioEditorPage kind="creation" />;
