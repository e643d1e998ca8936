import type { Readable } from 'node:stream';
import { PLUGIN_ENTRY_MAX, PLUGIN_MANIFEST_FILE, PluginManifest, isBuiltinPlugin } from '@vitrine/core';
import { UnsafeArchiveError, unzipTo } from '../../lib/unzip.js';
import { TooLargeError } from '../media/receive.js';

/** What an uploaded plugin's zip holds: the checked manifest and its one self-contained page. */
export interface PluginPackage {
  manifest: PluginManifest;
  html: string;
}

/** Why a zip is not a plugin: said to the person who uploaded it (400), nothing stored. */
export class BadPluginError extends Error {}

/** A plugin's zip is small: its manifest and one page, nothing to unpack at length. */
const LIMITS = { maxEntries: 20, maxTotalBytes: PLUGIN_ENTRY_MAX + 64 * 1024 };

/** A stream's bytes, up to `max` (then TooLargeError). */
export async function readBounded(stream: Readable, max: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > max) throw new TooLargeError();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * Reads a plugin's zip with the checks every uploaded zip gets (lib/unzip.ts: no path escapes, no links,
 * bounded entries and size): `manifest.json` at its root, valid by core's schema, and the entry page it
 * names, one self-contained HTML file (scripts, styles and pictures inline or from its declared origins).
 */
export async function readPluginZip(path: string): Promise<PluginPackage> {
  const entries = new Map<string, Buffer>();
  try {
    await unzipTo(
      path,
      async (name, stream) => {
        entries.set(name, await readBounded(stream, PLUGIN_ENTRY_MAX));
      },
      LIMITS,
    );
  } catch (error) {
    if (error instanceof TooLargeError) throw new BadPluginError('The plugin is too large');
    if (error instanceof UnsafeArchiveError) throw new BadPluginError('The zip is broken or unsafe');
    throw error;
  }
  const raw = entries.get(PLUGIN_MANIFEST_FILE);
  if (!raw) throw new BadPluginError(`The zip has no ${PLUGIN_MANIFEST_FILE} at its root`);
  let json: unknown;
  try {
    json = JSON.parse(raw.toString('utf8'));
  } catch {
    throw new BadPluginError(`${PLUGIN_MANIFEST_FILE} is not JSON`);
  }
  const parsed = PluginManifest.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new BadPluginError(
      `${PLUGIN_MANIFEST_FILE}: ${issue.path.join('.') || 'manifest'}: ${issue.message}`,
    );
  }
  const manifest = parsed.data;
  if (isBuiltinPlugin(manifest.id))
    throw new BadPluginError(`${PLUGIN_MANIFEST_FILE}: id: taken by a built-in plugin`);
  const entry = entries.get(manifest.entry);
  if (!entry) throw new BadPluginError(`The zip has no ${manifest.entry}, the entry its manifest names`);
  const others = [...entries.keys()].filter(
    (name) => name !== PLUGIN_MANIFEST_FILE && name !== manifest.entry,
  );
  if (others.length > 0)
    throw new BadPluginError(`A plugin is its manifest and one self-contained page: ${others.join(', ')}`);
  const html = entry.toString('utf8');
  if (!/<(script|body|html|div|canvas)[\s>]/i.test(html))
    throw new BadPluginError(`${manifest.entry} is not an HTML page`);
  return { manifest, html };
}
