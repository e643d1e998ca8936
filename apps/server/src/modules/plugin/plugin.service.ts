import { createHash, randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import {
  BUILTIN_PLUGINS,
  PLUGIN_ENTRY_MAX,
  PLUGIN_MIME,
  PLUGIN_ONLINE_MIME,
  pluginSettingsSchema,
  type Feed,
  type PluginInstance,
  PluginInstanceContent,
  type PluginInstancePatch,
  type PluginSettings,
  type PluginInstanceInput,
  type PluginItem,
  type PluginManifest,
} from '@vitrine/core';
import type { PluginRow } from '../../db/schema.js';
import type { Caller } from '../../lib/caller.js';
import { AppError, fieldError, notFound } from '../../lib/errors.js';
import { BlockedUrlError, safeGet, type SafeFetchOptions } from '../../lib/safe-fetch.js';
import type { Storage } from '../../lib/storage.js';
import { TooLargeError, receive } from '../media/receive.js';
import type { StudioRepository } from '../studio/studio.repository.js';
import { BUILTIN_PAGES } from './builtin/pages.js';
import { parseFeed } from './feed.js';
import { BadPluginError, readBounded, readPluginZip } from './plugin.package.js';
import type { PluginRepository } from './plugin.repository.js';

export interface PluginServiceDeps {
  plugins: PluginRepository;
  /** Writes an instance's library file, as it writes a widget's. */
  studio: StudioRepository;
  storage: Storage;
  tmpDir: string;
  fetchPolicy?: SafeFetchOptions;
}

/** The most an uploaded zip may weigh. */
const ZIP_MAX = 4 * 1024 * 1024;
/** The most of a feed the server reads. */
const FEED_MAX = 2 * 1024 * 1024;

const item = (manifest: PluginManifest, row: PluginRow | null): PluginItem => ({
  id: row?.id ?? null,
  key: manifest.id,
  name: manifest.name,
  version: manifest.version,
  description: manifest.description ?? null,
  builtin: row === null,
  offline: manifest.offline,
  origins: manifest.origins,
  settings: manifest.settings,
  createdAt: row?.createdAt.toISOString() ?? null,
});

const present = (
  fileId: number,
  name: string,
  { plugin, settings }: Pick<PluginInstanceContent, 'plugin' | 'settings'>,
): PluginInstance => ({
  fileId,
  name,
  plugin: plugin.id,
  pluginName: plugin.name,
  definitions: plugin.settings,
  settings,
});

/** An instance's settings checked against its plugin's typed settings: 400 with the setting at fault. */
function checkSettings(manifest: PluginManifest, settings: Record<string, unknown>): PluginSettings {
  const parsed = pluginSettingsSchema(manifest).safeParse(settings);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw fieldError(['settings', ...issue.path].join('.'), issue.message);
}

/**
 * Plugins (spec §3, §7; docs/studio.md, "Plugins"): the built-in ones and those a cabinet uploads as a
 * zip, and their instances: each its settings, checked against the plugin's typed settings, kept with the
 * plugin's page as the content of a library file of kind 'plugin' that playlists play like any file.
 */
export class PluginService {
  constructor(private readonly deps: PluginServiceDeps) {}

  async list(
    caller: Caller,
    query: { page: number; limit: number; search?: string | undefined },
  ): Promise<{ plugins: PluginItem[]; total: number }> {
    const needle = query.search?.toLowerCase();
    const builtins = BUILTIN_PLUGINS.filter((m) => !needle || m.name.toLowerCase().includes(needle)).map(
      (m) => item(m, null),
    );
    const rows = await this.deps.plugins.list(caller.cabinetId, query.search);
    const all = [...builtins, ...rows.map((r) => item(r.manifest, r))];
    const from = (query.page - 1) * query.limit;
    return { plugins: all.slice(from, from + query.limit), total: all.length };
  }

  /** A plugin's zip as the raw body: checked whole before anything is stored; a bad one stores nothing. */
  async upload(caller: Caller, body: Readable): Promise<PluginItem> {
    const { tmpDir, storage, plugins } = this.deps;
    await mkdir(tmpDir, { recursive: true });
    const tmp = join(tmpDir, `${randomUUID()}.zip`);
    try {
      try {
        await receive(body, tmp, ZIP_MAX);
      } catch (error) {
        if (error instanceof TooLargeError) throw new AppError('UPLOAD_INVALID', 'The plugin is too large');
        throw error;
      }
      let pack;
      try {
        pack = await readPluginZip(tmp);
      } catch (error) {
        if (error instanceof BadPluginError) throw new AppError('UPLOAD_INVALID', error.message);
        throw error;
      }
      if (await plugins.byKey(caller.cabinetId, pack.manifest.id))
        throw new AppError('CONFLICT', `The plugin ${pack.manifest.id} is uploaded already`);
      const html = Buffer.from(pack.html);
      const entryKey = `plugins/${caller.cabinetId}/${pack.manifest.id}-${randomUUID()}.html`;
      await storage.putStream(entryKey, Readable.from([html]));
      const row = await plugins.insert(caller.cabinetId, {
        manifest: pack.manifest,
        entryKey,
        size: html.length,
      });
      if (!row) {
        await storage.remove(entryKey);
        throw new AppError('CONFLICT', `The plugin ${pack.manifest.id} is uploaded already`);
      }
      return item(row.manifest, row);
    } finally {
      await rm(tmp, { force: true });
    }
  }

  /** Removes an uploaded plugin; its instances keep their own copy of its page and play on. */
  async remove(caller: Caller, id: number): Promise<{ ok: true }> {
    const row = await this.deps.plugins.remove(caller.cabinetId, id);
    if (!row) throw notFound();
    await this.deps.storage.remove(row.entryKey);
    return { ok: true };
  }

  async createInstance(caller: Caller, input: PluginInstanceInput): Promise<PluginInstance> {
    const { manifest, html } = await this.resolve(caller, input.plugin);
    const content = { plugin: manifest, settings: checkSettings(manifest, input.settings), html };
    const stored = await this.store(caller, content);
    const file = await this.deps.studio.insertFile(caller.cabinetId, {
      name: input.name,
      mime: manifest.offline ? PLUGIN_MIME : PLUGIN_ONLINE_MIME,
      kind: 'plugin',
      width: null,
      height: null,
      duration: null,
      thumbKey: null,
      ...stored,
    });
    return present(file.id, file.name, content);
  }

  async getInstance(caller: Caller, fileId: number): Promise<PluginInstance> {
    const { file, content } = await this.instance(caller, fileId);
    return present(file.id, file.name, content);
  }

  /** New settings are checked against the instance's own plugin, as it was when the instance was made. */
  async patchInstance(caller: Caller, fileId: number, patch: PluginInstancePatch): Promise<PluginInstance> {
    const { file, content } = await this.instance(caller, fileId);
    const settings = patch.settings ? checkSettings(content.plugin, patch.settings) : content.settings;
    const stored = await this.store(caller, { ...content, settings });
    const name = patch.name ?? file.name;
    await this.deps.studio.updateFile(caller.cabinetId, file.id, {
      name,
      width: null,
      height: null,
      duration: null,
      thumbKey: null,
      ...stored,
    });
    if (file.storageKey) await this.deps.storage.remove(file.storageKey);
    return present(file.id, name, { ...content, settings });
  }

  /** An instance's library file and its content; any other file, or another cabinet's, is not found. */
  private async instance(caller: Caller, fileId: number) {
    const file = await this.deps.studio.file(caller.cabinetId, fileId);
    if (!file || file.kind !== 'plugin' || !file.storageKey) throw notFound();
    const raw = await readBounded(this.deps.storage.read(file.storageKey), 2 * PLUGIN_ENTRY_MAX);
    return { file, content: PluginInstanceContent.parse(JSON.parse(raw.toString('utf8'))) };
  }

  /** Writes an instance's content under a new key: its size, hash and key for its library file. */
  private async store(caller: Caller, content: PluginInstanceContent) {
    const json = Buffer.from(JSON.stringify(content));
    const storageKey = `plugins/${caller.cabinetId}/instance-${randomUUID()}.json`;
    await this.deps.storage.putStream(storageKey, Readable.from([json]));
    return { size: json.length, hash: createHash('sha256').update(json).digest('hex'), storageKey };
  }

  /** A built-in plugin, or one the cabinet uploaded, with its page; another cabinet's is not found. */
  private async resolve(caller: Caller, key: string): Promise<{ manifest: PluginManifest; html: string }> {
    const builtin = BUILTIN_PLUGINS.find((m) => m.id === key);
    if (builtin) return { manifest: builtin, html: BUILTIN_PAGES[key]! };
    const row = await this.deps.plugins.byKey(caller.cabinetId, key);
    if (!row) throw notFound();
    const html = await readBounded(this.deps.storage.read(row.entryKey), PLUGIN_ENTRY_MAX);
    return { manifest: row.manifest, html: html.toString('utf8') };
  }

  /** A feed for a screen's plugin, fetched with the address checks of imports by address. */
  async feed(url: string): Promise<Feed> {
    let response;
    try {
      response = await safeGet(url, { ...this.deps.fetchPolicy, deadlineMs: 15_000, maxRedirects: 3 });
    } catch (error) {
      throw new AppError(error instanceof BlockedUrlError ? 'URL_BLOCKED' : 'URL_FETCH_FAILED');
    }
    if (response.statusCode !== 200) {
      response.resume();
      throw new AppError('URL_FETCH_FAILED');
    }
    let xml: string;
    try {
      xml = (await readBounded(response, FEED_MAX)).toString('utf8');
    } catch {
      response.destroy();
      throw new AppError('URL_FETCH_FAILED');
    }
    const feed = parseFeed(xml);
    if (!feed) throw new AppError('URL_FETCH_FAILED', 'This is not an RSS or Atom feed');
    return feed;
  }
}
