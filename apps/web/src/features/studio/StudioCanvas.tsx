import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { StudioDocument, StudioLayer } from '@vitrine/core';
import { BUNDLED_FONTS, renderPage, type RenderWarning } from '@vitrine/render';
import type { Box } from './editor/documentEdits';
import { gestureBox, type Gesture } from './editor/gestures';

export interface StudioCanvasProps {
  doc: StudioDocument;
  pageIndex: number;
  selected: string | null;
  onSelect: (id: string | null) => void;
  /** A gesture in progress (not a step of the history), then its end (one step). */
  onChange: (id: string, box: Box) => void;
  onCommit: () => void;
  fileUrl: (fileId: number) => string | null;
  timeZone: string;
  locale: string;
  onWarning?: (warning: RenderWarning) => void;
}

/** Room around the canvas (px) for the handles of a layer at its edge. */
const MARGIN = 16;

/** Zoom to fit: the canvas fills the frame's width (inside its margin), within the window's height. */
function useFitScale(frame: RefObject<HTMLDivElement | null>, doc: StudioDocument) {
  const [scale, setScale] = useState(0.5);
  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const fit = () => {
      const width = element.clientWidth - 2 * MARGIN;
      const height = Math.max(240, window.innerHeight - 260);
      setScale(Math.min(width / doc.width, height / doc.height));
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(element);
    return () => observer.disconnect();
  }, [frame, doc.width, doc.height]);
  return scale;
}

/** The page, drawn again on every change: what the screen shows, by construction. */
function useRenderedPage(stage: RefObject<HTMLDivElement | null>, props: StudioCanvasProps) {
  const { doc, pageIndex, fileUrl, timeZone, locale, onWarning } = props;
  useEffect(() => {
    const element = stage.current;
    if (!element) return;
    const rendered = renderPage(element, doc, pageIndex, {
      fileUrl,
      fonts: BUNDLED_FONTS,
      timeZone,
      locale,
      playMedia: false,
      ...(onWarning ? { onWarning } : {}),
    });
    return () => rendered.destroy();
  }, [stage, doc, pageIndex, fileUrl, timeZone, locale, onWarning]);
}

/**
 * Follows a gesture from a pointer down on a layer (or its handle) to the pointer up: each move is a box
 * (gestureBox), the end one step of the history if the layer moved at all.
 */
function followGesture(
  event: ReactPointerEvent,
  layer: StudioLayer,
  gesture: Gesture,
  {
    doc,
    scale,
    onChange,
    onCommit,
  }: Pick<StudioCanvasProps, 'doc' | 'onChange' | 'onCommit'> & { scale: number },
) {
  const origin = { x: event.clientX, y: event.clientY };
  const from: Box = {
    x: layer.x,
    y: layer.y,
    width: layer.width,
    height: layer.height,
    rotation: layer.rotation,
  };
  const rect = (
    event.currentTarget.closest('[data-layer-box]') ?? event.currentTarget
  ).getBoundingClientRect();
  const centre = { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
  let moved = false;
  const move = (e: PointerEvent) => {
    const dx = (e.clientX - origin.x) / scale;
    const dy = (e.clientY - origin.y) / scale;
    if (!moved && Math.abs(dx) + Math.abs(dy) < 1) return;
    moved = true;
    const degrees = (Math.atan2(e.clientY - centre.y, e.clientX - centre.x) * 180) / Math.PI;
    const canvas = { width: doc.width, height: doc.height, scale };
    onChange(layer.id, gestureBox(gesture, from, { dx, dy, degrees, shiftKey: e.shiftKey }, canvas));
  };
  const up = () => {
    window.removeEventListener('pointermove', move);
    window.removeEventListener('pointerup', up);
    if (moved) onCommit();
  };
  window.addEventListener('pointermove', move);
  window.addEventListener('pointerup', up);
}

interface LayerBoxProps {
  layer: StudioLayer;
  selected: boolean;
  scale: number;
  start: (event: ReactPointerEvent, layer: StudioLayer, gesture: Gesture) => void;
}

/** A layer's box on the overlay: drag to move; selected and unlocked, its resize and rotate handles. */
function LayerBox({ layer, selected, scale, start }: LayerBoxProps) {
  return (
    <div
      data-layer-box={layer.id}
      onPointerDown={(event) => start(event, layer, 'move')}
      style={{
        position: 'absolute',
        left: layer.x,
        top: layer.y,
        width: layer.width,
        height: layer.height,
        transform: `rotate(${layer.rotation}deg)`,
        cursor: layer.locked ? 'default' : 'move',
        outline: selected
          ? `${2 / scale}px solid var(--mantine-color-blue-5)`
          : `${1 / scale}px dashed transparent`,
        touchAction: 'none',
      }}
    >
      {selected && !layer.locked && (
        <>
          <span
            data-testid="resize-handle"
            onPointerDown={(event) => start(event, layer, 'resize')}
            style={handle(scale, { right: -6 / scale, bottom: -6 / scale, cursor: 'nwse-resize' })}
          />
          <span
            data-testid="rotate-handle"
            onPointerDown={(event) => start(event, layer, 'rotate')}
            style={handle(scale, {
              left: `calc(50% - ${6 / scale}px)`,
              top: -28 / scale,
              cursor: 'grab',
              borderRadius: '50%',
            })}
          />
        </>
      )}
    </div>
  );
}

/**
 * The editor's canvas: the page drawn by the player's own renderer (packages/render), scaled to fit, with
 * an editing overlay over it: click to select, drag to move, the corner handle to resize, the top one to
 * rotate. Locked and hidden layers take no gesture.
 */
export function StudioCanvas(props: StudioCanvasProps) {
  const { doc, pageIndex, selected, onSelect } = props;
  const { t } = useTranslation();
  const frame = useRef<HTMLDivElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const scale = useFitScale(frame, doc);
  useRenderedPage(stage, props);
  const page = doc.pages[pageIndex] ?? doc.pages[0]!;

  const start = (event: ReactPointerEvent, layer: StudioLayer, gesture: Gesture) => {
    event.stopPropagation();
    onSelect(layer.id);
    if (layer.locked) return;
    followGesture(event, layer, gesture, { ...props, scale });
  };

  return (
    // A layer hanging over the canvas's edge (and its handles) shows within the margin and is cut beyond
    // it: it never widens the page (the builder ran 57 px past a 1400 px window).
    <div ref={frame} style={{ width: '100%', padding: MARGIN, overflow: 'hidden' }}>
      <div
        data-testid="studio-canvas"
        role="application"
        aria-label={t('studio.canvasLabel')}
        style={{
          position: 'relative',
          width: doc.width * scale,
          height: doc.height * scale,
          margin: '0 auto',
          boxShadow: '0 0 0 1px var(--mantine-color-default-border)',
          background: 'repeating-conic-gradient(#8882 0% 25%, transparent 0% 50%) 50% / 16px 16px',
        }}
        onPointerDown={() => onSelect(null)}
      >
        <div ref={stage} data-testid="studio-preview" style={{ position: 'absolute', inset: 0 }} />
        <div
          style={{
            position: 'absolute',
            left: 0,
            top: 0,
            width: doc.width,
            height: doc.height,
            transform: `scale(${scale})`,
            transformOrigin: '0 0',
          }}
        >
          {page.layers.map((layer) =>
            layer.visible ? (
              <LayerBox
                key={layer.id}
                layer={layer}
                selected={selected === layer.id}
                scale={scale}
                start={start}
              />
            ) : null,
          )}
        </div>
      </div>
    </div>
  );
}

const handle = (scale: number, place: Record<string, string | number>) => ({
  position: 'absolute' as const,
  width: 12 / scale,
  height: 12 / scale,
  background: 'var(--mantine-color-blue-5)',
  border: `${1 / scale}px solid white`,
  ...place,
});
