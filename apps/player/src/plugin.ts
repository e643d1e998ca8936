/**
 * A plugin on the screen (docs/studio.md, "Plugins"): the instance's content (its plugin's page and its
 * settings, from the cache when the plugin works offline) is written into the server's host page in a
 * sandboxed frame (scripts, but an opaque origin: no reach into the player or its token; the network only
 * to the plugin's declared origins). A postMessage bridge hands over the page and its settings, answers its
 * requests (a feed through the server, a QR code) and waits for its ready signal before it is shown.
 */
import { PLUGIN_MESSAGES as M, isPluginInstanceContent, type Feed, type PluginRequest } from '@vitrine/core';
import type { Item } from './content';
import { qrPath } from './qr';
import { AbortedError, errorText } from './util';

/** A plugin that never says it is ready is shown after this long anyway. */
const READY_WAIT_MS = 10_000;

/** What the player does for plugins on the server's side: set once the screen has its token (main.ts). */
export const pluginServices: { feed: ((url: string) => Promise<Feed>) | null } = { feed: null };

export interface PluginLoadOptions {
  signal: AbortSignal;
  timeZone: string;
  locale: string;
  warn?: (message: string) => void;
}

/**
 * The frames of the plugins on the page and what listens for each: one window listener hands a message to
 * the frame it came from. A frame taken off the page is dropped at the next load, so nothing piles up on a
 * screen that runs for months.
 */
const bridges = new Map<HTMLIFrameElement, (data: unknown) => void>();
let listening = false;

function bridge(frame: HTMLIFrameElement, onMessage: (data: unknown) => void): void {
  for (const old of bridges.keys()) if (!old.isConnected) bridges.delete(old);
  bridges.set(frame, onMessage);
  if (listening) return;
  listening = true;
  addEventListener('message', (event) => {
    for (const [shown, handler] of bridges) if (event.source === shown.contentWindow) handler(event.data);
  });
}

async function answer(request: PluginRequest): Promise<unknown> {
  if (request.kind === 'qr') return qrPath(request.text);
  if (request.kind === 'feed' && pluginServices.feed) return pluginServices.feed(request.url);
  throw new Error('This request is not available');
}

export async function loadPlugin(item: Item, into: HTMLElement, options: PluginLoadOptions): Promise<void> {
  const response = await fetch(item.url, { signal: options.signal });
  if (!response.ok) throw new Error(`The plugin could not be read (${response.status})`);
  const content: unknown = await response.json();
  if (!isPluginInstanceContent(content)) throw new Error('The plugin is not one this player can run');
  const { plugin, settings, html } = content;

  const frame = document.createElement('iframe');
  frame.setAttribute('sandbox', 'allow-scripts');
  frame.setAttribute('allow', 'autoplay');
  frame.referrerPolicy = 'no-referrer';
  frame.tabIndex = -1;
  frame.dataset.plugin = plugin.id;
  frame.src = `/api/plugin/host?origins=${encodeURIComponent(plugin.origins.join(' '))}`;

  await new Promise<void>((resolve, reject) => {
    const post = (message: unknown) => frame.contentWindow?.postMessage(message, '*');
    const done = (error?: Error) => {
      clearTimeout(timer);
      options.signal.removeEventListener('abort', onAbort);
      if (error) {
        bridges.delete(frame);
        reject(error);
      } else resolve();
    };
    const onAbort = () => done(new AbortedError());
    const timer = setTimeout(() => {
      options.warn?.(`${item.name}: the plugin ${plugin.name} did not say it was ready; shown as it is`);
      done();
    }, READY_WAIT_MS);
    // Listens while the frame is on the page: requests come for as long as the plugin runs.
    const onMessage = (message: unknown) => {
      const data = message as { type?: string; id?: number; request?: PluginRequest } | null;
      if (data?.type === M.host)
        post({ type: M.load, html, settings, timeZone: options.timeZone, locale: options.locale });
      else if (data?.type === M.ready) done();
      else if (data?.type === M.request && typeof data.id === 'number' && data.request) {
        const id = data.id;
        answer(data.request).then(
          (value) => post({ type: M.answer, id, value }),
          (error: unknown) => post({ type: M.answer, id, error: errorText(error) }),
        );
      }
    };
    bridge(frame, onMessage);
    options.signal.addEventListener('abort', onAbort, { once: true });
    into.append(frame);
  });
}
