import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import type { Caller } from '../../lib/caller.js';
import { hasFfmpeg } from '../../lib/probe.js';
import { asCabinetId, type CabinetId } from '../../db/cabinet-id.js';
import type { Repositories } from '../../db/repositories.js';
import type { MediaService } from './media.service.js';

const run = promisify(execFile);

interface StockImage {
  name: string;
  title: string;
  subtitle: string;
  from: string;
  to: string;
}

const IMAGES: StockImage[] = [
  {
    name: 'welcome.png',
    title: 'Welcome',
    subtitle: 'We are glad to see you',
    from: '#1c7ed6',
    to: '#15aabf',
  },
  { name: 'sale.png', title: 'Sale', subtitle: 'Up to 50% off this week', from: '#e03131', to: '#f76707' },
  {
    name: 'menu.png',
    title: "Today's menu",
    subtitle: 'Fresh every morning',
    from: '#2b8a3e',
    to: '#94d82d',
  },
  {
    name: 'opening-hours.png',
    title: 'Opening hours',
    subtitle: 'Mon–Fri 9:00–20:00 · Sat 10:00–18:00',
    from: '#5f3dc4',
    to: '#cc5de8',
  },
];

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A 1920×1080 poster drawn from SVG: a gradient, a title and a line under it. */
function posterSvg(image: StockImage): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1920" height="1080">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${image.from}"/><stop offset="1" stop-color="${image.to}"/>
  </linearGradient></defs>
  <rect width="1920" height="1080" fill="url(#g)"/>
  <text x="960" y="520" font-family="DejaVu Sans, Arial, sans-serif" font-size="150" font-weight="700" fill="#fff" text-anchor="middle">${escapeXml(image.title)}</text>
  <text x="960" y="640" font-family="DejaVu Sans, Arial, sans-serif" font-size="56" fill="#fff" fill-opacity="0.9" text-anchor="middle">${escapeXml(image.subtitle)}</text>
</svg>`;
}

/**
 * The stock library: sample media the project makes itself (no downloads), kept in the platform cabinet
 * and shared read-only with every cabinet. Made once; a start that finds it already there does nothing.
 */
export const STOCK_CABINET_KEY = 'stock_cabinet_id';

/** The cabinet that holds the stock library, made on first use; kept out of customer lists. */
export async function stockCabinetId(repos: Repositories): Promise<CabinetId> {
  const known = await repos.settings.get(STOCK_CABINET_KEY);
  if (known) return asCabinetId(Number(known));
  const created = await repos.cabinets.insert({ name: 'Stock library', isPlatform: true });
  return asCabinetId(Number(await repos.settings.getOrInit(STOCK_CABINET_KEY, () => String(created.id))));
}

export async function ensureStockLibrary(media: MediaService, repos: Repositories): Promise<number> {
  const cabinetId = await stockCabinetId(repos);
  const platform: Caller = { userId: 0, cabinetId, role: 'admin', login: 'stock', via: 'session' };
  const existing = await repos.media.childFolders(cabinetId, null);
  if (existing.some((f) => f.name === 'Posters')) return 0;
  const dir = await mkdtemp(join(tmpdir(), 'vitrine-stock-'));
  let made = 0;
  try {
    const posters = await media.createFolder(platform, 'Posters', 0);
    for (const image of IMAGES) {
      const path = join(dir, image.name);
      await sharp(Buffer.from(posterSvg(image)))
        .png({ compressionLevel: 9 })
        .toFile(path);
      await media.ingest.upload(
        platform,
        { name: image.name, folderId: posters.id, source: { path }, browser: {} },
        'STOCK',
      );
      made += 1;
    }
    if (await hasFfmpeg()) {
      const video = await media.createFolder(platform, 'Video', 0);
      const clips: [string, string][] = [
        ['color-bars.mp4', 'smptehdbars=size=1280x720:rate=25'],
        ['test-pattern.mp4', 'testsrc2=size=1280x720:rate=25'],
      ];
      for (const [name, source] of clips) {
        const path = join(dir, name);
        await run(
          'ffmpeg',
          [
            '-v',
            'error',
            '-y',
            '-f',
            'lavfi',
            '-i',
            source,
            '-t',
            '6',
            '-pix_fmt',
            'yuv420p',
            '-c:v',
            'libx264',
            '-preset',
            'ultrafast',
            '-movflags',
            '+faststart',
            path,
          ],
          { timeout: 120_000 },
        );
        await media.ingest.upload(
          platform,
          { name, folderId: video.id, source: { path }, browser: {} },
          'STOCK',
        );
        made += 1;
      }
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return made;
}
