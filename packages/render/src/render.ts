/**
 * Draws one page of a studio document into a container, scaled to fit it (docs/studio.md). The same code
 * runs in the cabinet's editor and preview and on the player, so what the editor shows is what the screen
 * shows. Nothing here reaches the network by itself: files come from `fileUrl` (the player's cache, or
 * the cabinet's signed addresses), fonts from `fonts`.
 */
import type { StudioBackground, StudioDocument, StudioLayer } from '@vitrine/core';
import { loadPageFonts } from './font-loading.ts';
import { applyBackground, applyBox, applyTextStyle } from './style.ts';
import { clockText, dateText } from './time.ts';

export interface FontSource {
  family: string;
  url: string;
  weight?: string;
  style?: string;
}

export type RenderWarning =
  { kind: 'font'; family: string } | { kind: 'file'; fileId: number; layerId: string | null };

export interface RenderOptions {
  /** The address of a library file, or null when it cannot be shown. */
  fileUrl(fileId: number): string | null;
  /** Fonts the document may use, registered before it is drawn (its uploaded `fonts` come by `fileUrl`). */
  fonts?: readonly FontSource[];
  /** Clock and date layers read this zone and language. */
  timeZone: string;
  locale: string;
  now?: () => number;
  /** Once per problem: a font that is not there, a file that does not load. */
  onWarning?: (warning: RenderWarning) => void;
  /** Videos play (the player, the preview); false leaves them on their first frame (thumbnails). */
  playMedia?: boolean;
  /** How long `ready` waits for fonts and pictures before it gives up waiting (ms). */
  readyTimeoutMs?: number;
}

export interface RenderedPage {
  /** The page's root element (the document's size, scaled into the container). */
  element: HTMLElement;
  /** Settles once fonts and pictures are there (or the wait ran out): draw a thumbnail after it. */
  ready: Promise<void>;
  /** Scales the page to the container again (its size changed). */
  fit(): void;
  destroy(): void;
}

function media(
  tag: 'img' | 'video',
  url: string | null,
  fit: string,
  options: RenderOptions,
): HTMLImageElement | HTMLVideoElement | null {
  if (!url) return null;
  const element = document.createElement(tag);
  element.style.width = '100%';
  element.style.height = '100%';
  element.style.objectFit = fit;
  element.style.display = 'block';
  if (element instanceof HTMLVideoElement) {
    element.muted = true;
    element.loop = true;
    element.playsInline = true;
    element.preload = 'auto';
    if (options.playMedia !== false) element.autoplay = true;
  } else {
    element.alt = '';
    element.decoding = 'async';
  }
  element.src = url;
  return element;
}

/** The SVG of a triangle or a line, drawn to the box. */
function shapeSvg(layer: Extract<StudioLayer, { kind: 'shape' }>): SVGSVGElement {
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('viewBox', `0 0 ${layer.width} ${layer.height}`);
  svg.setAttribute('preserveAspectRatio', 'none');
  svg.setAttribute('width', '100%');
  svg.setAttribute('height', '100%');
  const half = layer.strokeWidth / 2;
  const shape =
    layer.shape === 'triangle'
      ? Object.assign(document.createElementNS(ns, 'polygon'), {})
      : document.createElementNS(ns, 'line');
  if (layer.shape === 'triangle') {
    shape.setAttribute(
      'points',
      `${layer.width / 2},${half} ${layer.width - half},${layer.height - half} ${half},${layer.height - half}`,
    );
    shape.setAttribute('fill', layer.fill ?? 'none');
  } else {
    shape.setAttribute('x1', '0');
    shape.setAttribute('y1', String(layer.height / 2));
    shape.setAttribute('x2', String(layer.width));
    shape.setAttribute('y2', String(layer.height / 2));
  }
  shape.setAttribute('stroke', layer.stroke ?? (layer.shape === 'line' ? (layer.fill ?? '#000000') : 'none'));
  shape.setAttribute(
    'stroke-width',
    String(layer.shape === 'line' ? Math.max(1, layer.strokeWidth) : layer.strokeWidth),
  );
  svg.append(shape);
  return svg;
}

interface Drawn {
  element: HTMLElement;
  /** Live layers (clock, date) redraw each second. */
  tick?: (now: number) => void;
  /** Media that must load before `ready`. */
  loading?: Promise<void>;
  stop?: () => void;
}

function loaded(element: HTMLImageElement | HTMLVideoElement, onFail: () => void): Promise<void> {
  return new Promise((resolve) => {
    const done = () => resolve();
    const fail = () => {
      onFail();
      resolve();
    };
    if (element instanceof HTMLImageElement) {
      if (element.complete && element.naturalWidth > 0) return resolve();
      element.addEventListener('load', done, { once: true });
    } else {
      if (element.readyState >= 2) return resolve();
      element.addEventListener('loadeddata', done, { once: true });
    }
    element.addEventListener('error', fail, { once: true });
  });
}

function drawLayer(layer: StudioLayer, index: number, options: RenderOptions): Drawn {
  const element = document.createElement('div');
  element.dataset.layer = layer.id;
  element.dataset.kind = layer.kind;
  applyBox(element, layer, index);
  const warnFile = (fileId: number) => options.onWarning?.({ kind: 'file', fileId, layerId: layer.id });
  switch (layer.kind) {
    case 'text': {
      applyTextStyle(element, layer.style);
      const inner = document.createElement('div');
      inner.style.whiteSpace = 'pre-wrap';
      inner.style.overflowWrap = 'anywhere';
      inner.textContent = layer.text;
      element.append(inner);
      return { element };
    }
    case 'clock':
    case 'date': {
      applyTextStyle(element, layer.style);
      const inner = document.createElement('div');
      element.append(inner);
      const tick = (now: number) => {
        inner.textContent =
          layer.kind === 'clock'
            ? clockText(now, layer.format, options.timeZone, options.locale)
            : dateText(now, layer.format, options.timeZone, options.locale);
      };
      return { element, tick };
    }
    case 'image':
    case 'video': {
      const child = media(
        layer.kind === 'image' ? 'img' : 'video',
        options.fileUrl(layer.fileId),
        layer.fit,
        options,
      );
      if (!child) {
        warnFile(layer.fileId);
        return { element };
      }
      if (child instanceof HTMLVideoElement && layer.kind === 'video') child.muted = layer.muted;
      element.append(child);
      return { element, loading: loaded(child, () => warnFile(layer.fileId)) };
    }
    case 'shape': {
      if (layer.shape === 'rectangle' || layer.shape === 'ellipse') {
        element.style.background = layer.fill ?? 'transparent';
        element.style.border = layer.stroke ? `${layer.strokeWidth}px solid ${layer.stroke}` : '';
        element.style.borderRadius = layer.shape === 'ellipse' ? '50%' : `${layer.radius}px`;
      } else {
        element.append(shapeSvg(layer));
      }
      return { element };
    }
    case 'ticker': {
      applyTextStyle(element, layer.style);
      element.style.background = layer.background ?? 'transparent';
      const run = document.createElement('div');
      run.style.whiteSpace = 'nowrap';
      run.style.display = 'inline-block';
      run.style.willChange = 'transform';
      run.textContent = layer.text;
      element.append(run);
      let animation: Animation | null = null;
      const start = () => {
        if (typeof run.animate !== 'function') return;
        const travel = layer.width + run.scrollWidth;
        animation = run.animate(
          [{ transform: `translateX(${layer.width}px)` }, { transform: `translateX(${-run.scrollWidth}px)` }],
          { duration: (travel / layer.speed) * 1000, iterations: Infinity, easing: 'linear' },
        );
      };
      return { element, loading: Promise.resolve().then(start), stop: () => animation?.cancel() };
    }
  }
}

/** The background's library file (a picture or a video) over its colour, when it has one. */
function drawBackgroundFile(background: StudioBackground, options: RenderOptions): Drawn | null {
  if (background.fileId === null) return null;
  const url = options.fileUrl(background.fileId);
  const file = background.fileId;
  const isVideo = /\.(mp4|webm|ogg|mov|mkv)(\?|$)/i.test(url ?? '');
  const child = media(isVideo ? 'video' : 'img', url, background.fit, options);
  if (!child) {
    options.onWarning?.({ kind: 'file', fileId: file, layerId: null });
    return null;
  }
  const holder = document.createElement('div');
  holder.style.position = 'absolute';
  holder.style.inset = '0';
  holder.append(child);
  return {
    element: holder,
    loading: loaded(child, () => options.onWarning?.({ kind: 'file', fileId: file, layerId: null })),
  };
}

/** Ticks the live layers (clocks, dates) now and on every second after; returns what stops it. */
function tickEachSecond(drawn: readonly Drawn[], now: () => number): () => void {
  const live = drawn.filter((d) => d.tick);
  const tick = () => live.forEach((d) => d.tick!(now()));
  tick();
  let timer: ReturnType<typeof setTimeout> | null = null;
  const schedule = () => {
    if (live.length === 0) return;
    // On the second, so a clock never lags its neighbours by a part of one.
    timer = setTimeout(
      () => {
        tick();
        schedule();
      },
      1000 - (now() % 1000) + 5,
    );
  };
  schedule();
  return () => {
    if (timer !== null) clearTimeout(timer);
  };
}

/** Draws page `index` of `doc` into `container`. */
export function renderPage(
  container: HTMLElement,
  doc: StudioDocument,
  index: number,
  options: RenderOptions,
): RenderedPage {
  const page = doc.pages[Math.max(0, Math.min(index, doc.pages.length - 1))]!;
  const now = options.now ?? (() => Date.now());
  const root = document.createElement('div');
  root.dataset.studioPage = page.id;
  root.style.position = 'absolute';
  root.style.left = '0';
  root.style.top = '0';
  root.style.width = `${doc.width}px`;
  root.style.height = `${doc.height}px`;
  root.style.transformOrigin = '0 0';
  root.style.overflow = 'hidden';
  applyBackground(root, page.background);

  const drawn: Drawn[] = [];
  const backdrop = drawBackgroundFile(page.background, options);
  if (backdrop) drawn.push(backdrop);
  page.layers.forEach((layer, i) => drawn.push(drawLayer(layer, i, options)));
  root.append(...drawn.map((d) => d.element));
  if (getComputedStyle(container).position === 'static') container.style.position = 'relative';
  container.style.overflow = 'hidden';
  container.append(root);

  const fit = () => {
    const width = container.clientWidth || doc.width;
    const height = container.clientHeight || doc.height;
    const scale = Math.min(width / doc.width, height / doc.height);
    const x = (width - doc.width * scale) / 2;
    const y = (height - doc.height * scale) / 2;
    root.style.transform = `translate(${x}px, ${y}px) scale(${scale})`;
  };
  fit();
  const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(fit) : null;
  observer?.observe(container);

  const stopTicking = tickEachSecond(drawn, now);

  const fontsLoaded = loadPageFonts(doc, page, options);
  const timeout = new Promise<void>((resolve) => setTimeout(resolve, options.readyTimeoutMs ?? 10_000));
  const ready = Promise.race([
    Promise.all([fontsLoaded, ...drawn.map((d) => d.loading ?? Promise.resolve())]).then(() => undefined),
    timeout,
  ]);

  return {
    element: root,
    ready,
    fit,
    destroy() {
      stopTicking();
      observer?.disconnect();
      for (const d of drawn) d.stop?.();
      for (const video of Array.from(root.querySelectorAll('video'))) {
        video.pause();
        video.removeAttribute('src');
      }
      root.remove();
    },
  };
}
