// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StudioDocument, type StudioLayer, type TextStyle } from '@vitrine/core';
import { renderPage, type RenderWarning } from './index.ts';

const style: TextStyle = {
  fontFamily: 'Inter',
  fontSize: 64,
  fontWeight: 700,
  fontStyle: 'normal',
  color: '#ffffff',
  align: 'center',
  verticalAlign: 'middle',
  lineHeight: 1.2,
  letterSpacing: 1,
  shadow: { color: '#000000', x: 2, y: 2, blur: 4 },
};
const box = { name: '', rotation: 0, opacity: 1, visible: true, locked: false };

function doc(layers: StudioLayer[]) {
  return StudioDocument.parse({
    version: 1,
    width: 1920,
    height: 1080,
    pages: [
      {
        id: 'p1',
        duration: 10,
        background: { color: '#102030', gradient: { to: '#405060', angle: 90 }, fileId: null, fit: 'cover' },
        layers,
      },
    ],
  });
}

afterEach(() => {
  document.body.innerHTML = '';
  vi.useRealTimers();
});

function container(width = 960, height = 540): HTMLElement {
  const el = document.createElement('div');
  Object.defineProperty(el, 'clientWidth', { value: width });
  Object.defineProperty(el, 'clientHeight', { value: height });
  document.body.append(el);
  return el;
}

describe('renderPage', () => {
  it('draws layers in their boxes, in z-order, scaled into the container', () => {
    const page = renderPage(
      container(),
      doc([
        {
          ...box,
          id: 'title',
          kind: 'text',
          x: 100,
          y: 50,
          width: 800,
          height: 200,
          rotation: 15,
          text: 'Lunch\nmenu',
          style,
        },
        {
          ...box,
          id: 'card',
          kind: 'shape',
          x: 0,
          y: 0,
          width: 300,
          height: 300,
          shape: 'rectangle',
          fill: '#ff0000',
          stroke: '#00ff00',
          strokeWidth: 4,
          radius: 12,
        },
        {
          ...box,
          id: 'hidden',
          kind: 'shape',
          x: 0,
          y: 0,
          width: 10,
          height: 10,
          shape: 'ellipse',
          fill: '#000000',
          stroke: null,
          strokeWidth: 0,
          radius: 0,
          visible: false,
        },
      ]),
      0,
      { fileUrl: () => null, timeZone: 'UTC', locale: 'en' },
    );
    expect(page.element.style.transform).toBe('translate(0px, 0px) scale(0.5)');
    expect(page.element.style.background).toContain('linear-gradient(90deg');
    const title = page.element.querySelector<HTMLElement>('[data-layer="title"]')!;
    expect(title.style.left).toBe('100px');
    expect(title.style.transform).toBe('rotate(15deg)');
    expect(title.style.zIndex).toBe('1');
    expect(title.style.fontFamily).toContain('Inter');
    expect(title.style.fontFamily).toContain('sans-serif');
    expect(title.textContent).toBe('Lunch\nmenu');
    const card = page.element.querySelector<HTMLElement>('[data-layer="card"]')!;
    expect(card.style.zIndex).toBe('2');
    expect(card.style.borderRadius).toBe('12px');
    expect(page.element.querySelector<HTMLElement>('[data-layer="hidden"]')!.style.display).toBe('none');
    page.destroy();
    expect(document.querySelector('[data-studio-page]')).toBeNull();
  });

  it('keeps a clock on the screen’s time zone, on the second', () => {
    vi.useFakeTimers();
    let now = Date.UTC(2026, 5, 10, 12, 0, 0, 500);
    const page = renderPage(
      container(),
      doc([
        {
          ...box,
          id: 'clock',
          kind: 'clock',
          x: 0,
          y: 0,
          width: 400,
          height: 100,
          format: 'HH:mm:ss',
          style,
        },
        { ...box, id: 'day', kind: 'date', x: 0, y: 100, width: 400, height: 100, format: 'weekday', style },
      ]),
      0,
      { fileUrl: () => null, timeZone: 'Europe/Kyiv', locale: 'en', now: () => now },
    );
    const clock = page.element.querySelector('[data-layer="clock"]')!;
    expect(clock.textContent).toBe('15:00:00');
    expect(page.element.querySelector('[data-layer="day"]')!.textContent).toBe('Wednesday');
    now += 1000;
    vi.advanceTimersByTime(1000);
    expect(clock.textContent).toBe('15:00:01');
    page.destroy();
  });

  it('says which files cannot be shown, and draws the rest', () => {
    const warnings: RenderWarning[] = [];
    const page = renderPage(
      container(),
      doc([
        { ...box, id: 'logo', kind: 'image', x: 0, y: 0, width: 100, height: 100, fileId: 7, fit: 'contain' },
        { ...box, id: 'gone', kind: 'image', x: 0, y: 0, width: 100, height: 100, fileId: 8, fit: 'cover' },
      ]),
      0,
      {
        fileUrl: (id) => (id === 7 ? 'blob:logo' : null),
        timeZone: 'UTC',
        locale: 'en',
        onWarning: (w) => warnings.push(w),
      },
    );
    const img = page.element.querySelector<HTMLImageElement>('[data-layer="logo"] img')!;
    expect(img.src).toBe('blob:logo');
    expect(img.style.objectFit).toBe('contain');
    expect(warnings).toEqual([{ kind: 'file', fileId: 8, layerId: 'gone' }]);
    page.destroy();
  });

  it('tries an uploaded font again when its face failed to load, on the same page and on the next', async () => {
    // The browser's font API, which jsdom lacks. Loads of an address fail as many times as `failures` says
    // (the server busy, the cached copy not there yet), then succeed.
    const faces = new Set<FontFace>();
    const attempts = new Map<string, number>();
    const failures = new Map<string, number>([
      ['url("blob:once")', 1],
      ['url("blob:often")', 3],
    ]);
    class TestFace {
      status: FontFaceLoadStatus = 'unloaded';
      constructor(
        readonly family: string,
        readonly source: string,
      ) {}
      load() {
        const n = (attempts.get(this.source) ?? 0) + 1;
        attempts.set(this.source, n);
        const fail = n <= (failures.get(this.source) ?? 0);
        this.status = fail ? 'error' : 'loaded';
        return fail ? Promise.reject(new Error('network')) : Promise.resolve(this);
      }
    }
    vi.stubGlobal('FontFace', TestFace);
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: {
        add: (face: FontFace) => faces.add(face),
        delete: (face: FontFace) => faces.delete(face),
        forEach: (fn: (face: FontFace) => void) => faces.forEach(fn),
        load: () => Promise.resolve([]),
      },
    });
    vi.useFakeTimers();
    try {
      const draw = async (family: string, url: string) => {
        const branded = doc([
          {
            ...box,
            id: 't',
            kind: 'text',
            x: 0,
            y: 0,
            width: 9,
            height: 9,
            text: 'Hi',
            style: { ...style, fontFamily: family },
          },
        ]);
        branded.fonts = [{ family, fileId: 9 }];
        const warnings: RenderWarning[] = [];
        const page = renderPage(container(), branded, 0, {
          fileUrl: () => url,
          timeZone: 'UTC',
          locale: 'en',
          onWarning: (w) => warnings.push(w),
        });
        const ready = page.ready.then(() => Promise.resolve());
        await vi.runAllTimersAsync();
        await ready;
        await vi.runAllTimersAsync();
        page.destroy();
        return warnings;
      };
      const loaded = (family: string) => [...faces].filter((f) => f.family === family).map((f) => f.status);
      // Failed once: tried again on the same page, drawn in its own face.
      expect(await draw('Once Sans', 'blob:once')).toEqual([]);
      expect(loaded('Once Sans')).toEqual(['loaded']);
      // Failed every try of a page: the fallback and a warning, the failed faces taken back; the next page
      // tries again and has it.
      expect(await draw('Often Sans', 'blob:often')).toEqual([{ kind: 'font', family: 'Often Sans' }]);
      expect(loaded('Often Sans')).toEqual([]);
      expect(await draw('Often Sans', 'blob:often')).toEqual([]);
      expect(loaded('Often Sans')).toEqual(['loaded']);
      expect(attempts.get('url("blob:often")')).toBe(4);
    } finally {
      vi.unstubAllGlobals();
      delete (document as { fonts?: unknown }).fonts;
    }
  });

  it('refuses documents that break the schema', () => {
    const bad = (patch: Record<string, unknown>) =>
      StudioDocument.safeParse({
        version: 1,
        width: 100,
        height: 100,
        pages: [
          {
            id: 'p',
            duration: 5,
            background: { color: '#000000', gradient: null, fileId: null, fit: 'cover' },
            layers: [
              {
                ...box,
                id: 'a',
                kind: 'text',
                x: 0,
                y: 0,
                width: 10,
                height: 10,
                text: 'x',
                style,
                ...patch,
              },
            ],
          },
        ],
      }).success;
    expect(bad({})).toBe(true);
    expect(bad({ kind: 'iframe' })).toBe(false);
    expect(bad({ text: 'x'.repeat(5001) })).toBe(false);
    expect(bad({ style: { ...style, color: 'red' } })).toBe(false);
    expect(bad({ id: 'a b' })).toBe(false);
  });
});
