import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { StudioDocument, StudioLayer } from '@vitrine/core';
import { BUNDLED_FONTS, renderPage, type RenderWarning } from '@vitrine/render';

type Box = Pick<StudioLayer, 'x' | 'y' | 'width' | 'height' | 'rotation'>;
type Gesture = 'move' | 'resize' | 'rotate';

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

/**
 * The editor's canvas: the page drawn by the player's own renderer (packages/render), scaled to fit, with
 * an editing overlay over it: click to select, drag to move, the corner handle to resize, the top one to
 * rotate. Locked and hidden layers take no gesture.
 */
/** Room around the canvas (px) for the handles of a layer at its edge. */
const MARGIN = 16;

export function StudioCanvas(props: StudioCanvasProps) {
  const { doc, pageIndex, selected, onSelect, onChange, onCommit, fileUrl, timeZone, locale, onWarning } =
    props;
  const { t } = useTranslation();
  const frame = useRef<HTMLDivElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(0.5);
  const page = doc.pages[pageIndex] ?? doc.pages[0]!;

  // Zoom to fit: the canvas fills the frame's width (inside its margin), within the window's height.
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
  }, [doc.width, doc.height]);

  // The page, drawn again on every change: what the screen shows, by construction.
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
  }, [doc, pageIndex, fileUrl, timeZone, locale, onWarning]);

  const start = (event: ReactPointerEvent, layer: StudioLayer, gesture: Gesture) => {
    event.stopPropagation();
    onSelect(layer.id);
    if (layer.locked) return;
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
      // Snap to whole pixels, and to the canvas's edges and centre within 8 px.
      const snap = (value: number, targets: number[]) => {
        const near = targets.find((target) => Math.abs(target - value) < 8 / scale);
        return Math.round(near ?? value);
      };
      if (gesture === 'move') {
        const x = snap(from.x + dx, [0, doc.width - from.width, (doc.width - from.width) / 2]);
        const y = snap(from.y + dy, [0, doc.height - from.height, (doc.height - from.height) / 2]);
        onChange(layer.id, { ...from, x, y });
      } else if (gesture === 'resize') {
        const width = Math.max(1, snap(from.width + dx, [doc.width - from.x]));
        const height = Math.max(1, snap(from.height + dy, [doc.height - from.y]));
        onChange(layer.id, { ...from, width, height });
      } else {
        const angle = (Math.atan2(e.clientY - centre.y, e.clientX - centre.x) * 180) / Math.PI + 90;
        const normal = ((angle + 540) % 360) - 180;
        // Snaps to every 15 degrees while Shift is held.
        onChange(layer.id, {
          ...from,
          rotation: Math.round(e.shiftKey ? Math.round(normal / 15) * 15 : normal),
        });
      }
    };
    const up = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      if (moved) onCommit();
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
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
              <div
                key={layer.id}
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
                  outline:
                    selected === layer.id
                      ? `${2 / scale}px solid var(--mantine-color-blue-5)`
                      : `${1 / scale}px dashed transparent`,
                  touchAction: 'none',
                }}
              >
                {selected === layer.id && !layer.locked && (
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
