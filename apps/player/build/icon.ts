/**
 * The player's icon, drawn once as shapes: written out as SVG, and rasterised to PNG (192 and 512 px) for
 * the web app manifest at build time, so the repository holds no binary icons.
 */
import { deflateSync } from 'node:zlib';

type Rgb = readonly [number, number, number];

interface RoundRect {
  kind: 'rect';
  x: number;
  y: number;
  w: number;
  h: number;
  r: number;
  /** Stroke width: a ring centred on the outline instead of a filled shape. */
  stroke?: number;
  color: Rgb;
}

interface Triangle {
  kind: 'triangle';
  points: readonly [readonly [number, number], readonly [number, number], readonly [number, number]];
  color: Rgb;
}

type Shape = RoundRect | Triangle;

const BACKGROUND: Rgb = [0, 0, 0];
const LIGHT: Rgb = [242, 242, 242];
const ACCENT: Rgb = [245, 176, 20];

/** In a unit square, painted in order; everything within the maskable safe zone (the central 80 %). */
const SHAPES: readonly Shape[] = [
  // The screen.
  { kind: 'rect', x: 0.2225, y: 0.2825, w: 0.555, h: 0.355, r: 0.0375, stroke: 0.045, color: LIGHT },
  // Its stand and foot.
  { kind: 'rect', x: 0.465, y: 0.66, w: 0.07, h: 0.07, r: 0, color: LIGHT },
  { kind: 'rect', x: 0.36, y: 0.72, w: 0.28, h: 0.04, r: 0.02, color: LIGHT },
  // Something playing on it.
  {
    kind: 'triangle',
    points: [
      [0.44, 0.37],
      [0.44, 0.55],
      [0.595, 0.46],
    ],
    color: ACCENT,
  },
];

const hex = (c: Rgb) => `#${c.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
const n = (v: number) => String(Math.round(v * 10000) / 100);

export function iconSvg(): string {
  const body = SHAPES.map((shape) => {
    if (shape.kind === 'triangle') {
      return `<polygon points="${shape.points.map(([x, y]) => `${n(x)},${n(y)}`).join(' ')}" fill="${hex(shape.color)}"/>`;
    }
    const geometry = `x="${n(shape.x)}" y="${n(shape.y)}" width="${n(shape.w)}" height="${n(shape.h)}" rx="${n(shape.r)}"`;
    return shape.stroke
      ? `<rect ${geometry} fill="none" stroke="${hex(shape.color)}" stroke-width="${n(shape.stroke)}"/>`
      : `<rect ${geometry} fill="${hex(shape.color)}"/>`;
  });
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">',
    `<rect width="100" height="100" fill="${hex(BACKGROUND)}"/>`,
    ...body,
    '</svg>',
    '',
  ].join('\n');
}

function inRoundRect(px: number, py: number, x: number, y: number, w: number, h: number, r: number): boolean {
  if (px < x || py < y || px > x + w || py > y + h) return false;
  const dx = Math.max(x + r - px, 0, px - (x + w - r));
  const dy = Math.max(y + r - py, 0, py - (y + h - r));
  return dx * dx + dy * dy <= r * r;
}

function contains(shape: Shape, px: number, py: number): boolean {
  if (shape.kind === 'triangle') {
    const [[ax, ay], [bx, by], [cx, cy]] = shape.points;
    const side = (x1: number, y1: number, x2: number, y2: number) =>
      (x2 - x1) * (py - y1) - (y2 - y1) * (px - x1);
    const s1 = side(ax, ay, bx, by);
    const s2 = side(bx, by, cx, cy);
    const s3 = side(cx, cy, ax, ay);
    return (s1 >= 0 && s2 >= 0 && s3 >= 0) || (s1 <= 0 && s2 <= 0 && s3 <= 0);
  }
  const { x, y, w, h, r, stroke } = shape;
  if (!stroke) return inRoundRect(px, py, x, y, w, h, r);
  const half = stroke / 2;
  const outer = inRoundRect(px, py, x - half, y - half, w + stroke, h + stroke, r + half);
  const inner = inRoundRect(px, py, x + half, y + half, w - stroke, h - stroke, Math.max(0, r - half));
  return outer && !inner;
}

/** RGB pixels, 4x4 samples each for smooth edges. */
export function rasterize(size: number): Uint8Array {
  const pixels = new Uint8Array(size * size * 3);
  const samples = 4;
  for (let row = 0; row < size; row += 1) {
    for (let col = 0; col < size; col += 1) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (let sy = 0; sy < samples; sy += 1) {
        for (let sx = 0; sx < samples; sx += 1) {
          const px = (col + (sx + 0.5) / samples) / size;
          const py = (row + (sy + 0.5) / samples) / size;
          let color = BACKGROUND;
          for (const shape of SHAPES) if (contains(shape, px, py)) color = shape.color;
          r += color[0];
          g += color[1];
          b += color[2];
        }
      }
      const at = (row * size + col) * 3;
      const count = samples * samples;
      pixels[at] = Math.round(r / count);
      pixels[at + 1] = Math.round(g / count);
      pixels[at + 2] = Math.round(b / count);
    }
  }
  return pixels;
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let i = 0; i < 256; i += 1) {
    let c = i;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[i] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** An 8-bit RGB PNG of the icon. */
export function iconPng(size: number): Buffer {
  const pixels = rasterize(size);
  const rows = Buffer.alloc(size * (size * 3 + 1));
  for (let row = 0; row < size; row += 1) {
    // Filter type 0 (none) before each row.
    rows[row * (size * 3 + 1)] = 0;
    rows.set(pixels.subarray(row * size * 3, (row + 1) * size * 3), row * (size * 3 + 1) + 1);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', new Uint8Array(0)),
  ]);
}
