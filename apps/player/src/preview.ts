/**
 * The web player's preview of a screen (spec §7: a web player page addressed by an id): `/player/?id=<id>`
 * opened by a person signed in to the cabinet plays that screen's content as the screen would, from
 * `GET /api/point/player-manifest/:id` with the cabinet's own session (the web app keeps its tokens in this
 * origin's storage). A preview reports nothing: no pairing, heartbeat, proof of play or log.
 */
import { isManifest, type Manifest } from '@vitrine/core';
import type { Strings } from './i18n';
import type { Logger } from './log';
import { Playback, type ScreenState } from './playback';
import { orientStage } from './stage';
import type { KeyValue } from './storage';
import { errorText } from './util';

/** The web app's session keys (apps/web/src/api/client.ts). */
export const WEB_TOKEN_KEYS = { token: 'vitrine.token', refresh: 'vitrine.refreshToken' } as const;
/** How often the preview looks for new content. */
export const PREVIEW_REFRESH_MS = 60_000;

/** The screen the address asks to preview (`?id=`, a positive whole number), or null: the player proper. */
export function previewId(search: string): number | null {
  const raw = new URLSearchParams(search).get('id');
  if (raw === null || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= 2_147_483_647 ? id : null;
}

export type PreviewResult =
  { ok: true; manifest: Manifest } | { ok: false; reason: 'signIn' | 'notFound' | 'failed' };

/**
 * The screen's manifest with the cabinet's session: an expired access token is renewed once with the
 * refresh token, and the new pair is kept where the web app reads it (it goes on with the same session).
 */
export async function loadPreview(
  id: number,
  store: KeyValue,
  doFetch: typeof fetch = (input, init) => fetch(input, init),
): Promise<PreviewResult> {
  const get = (token: string) =>
    doFetch(`/api/point/player-manifest/${id}`, { headers: { Authorization: `Bearer ${token}` } });
  let token = store.get(WEB_TOKEN_KEYS.token);
  if (!token) return { ok: false, reason: 'signIn' };
  let response = await get(token);
  if (response.status === 401) {
    token = await renew(store, doFetch);
    if (!token) return { ok: false, reason: 'signIn' };
    response = await get(token);
  }
  if (response.status === 401) return { ok: false, reason: 'signIn' };
  if (response.status === 403 || response.status === 404) return { ok: false, reason: 'notFound' };
  if (!response.ok) return { ok: false, reason: 'failed' };
  const body: unknown = await response.json();
  return isManifest(body) ? { ok: true, manifest: body } : { ok: false, reason: 'failed' };
}

async function renew(store: KeyValue, doFetch: typeof fetch): Promise<string | null> {
  const refreshToken = store.get(WEB_TOKEN_KEYS.refresh);
  if (!refreshToken) return null;
  const response = await doFetch('/api/user/refresh', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ refreshToken }),
  });
  if (!response.ok) return null;
  const pair = (await response.json()) as { token?: unknown; refreshToken?: unknown };
  if (typeof pair.token !== 'string' || typeof pair.refreshToken !== 'string') return null;
  store.set(WEB_TOKEN_KEYS.token, pair.token);
  store.set(WEB_TOKEN_KEYS.refresh, pair.refreshToken);
  return pair.token;
}

export interface PreviewContext {
  id: number;
  root: HTMLElement;
  store: KeyValue;
  strings: Strings;
  log: Logger;
  setState: (state: ScreenState | 'preview-message') => void;
}

/** Plays the screen's content in this page, refreshed every minute; a sentence instead when it cannot. */
export function startPreview(ctx: PreviewContext): { stop(): void } {
  const stage = document.createElement('div');
  stage.className = 'stage';
  const badge = document.createElement('div');
  badge.className = 'preview-badge';
  badge.dataset.testid = 'preview-badge';
  const message = document.createElement('div');
  message.className = 'preview-message';
  message.setAttribute('role', 'alert');
  ctx.root.append(stage, badge, message);
  const playback = new Playback({ stage, log: ctx.log, strings: ctx.strings, onState: ctx.setState });
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  let shown = false;

  const say = (reason: 'signIn' | 'notFound' | 'failed') => {
    // Content already playing goes on; a refresh that failed says nothing over it.
    if (shown) return;
    const text = {
      signIn: ctx.strings.previewSignIn,
      notFound: ctx.strings.previewNotFound,
      failed: ctx.strings.previewFailed,
    }[reason];
    message.replaceChildren(text);
    if (reason === 'signIn') {
      const link = document.createElement('a');
      link.href = '/login';
      link.textContent = ctx.strings.signIn;
      message.append(' ', link);
    }
    message.classList.add('visible');
    ctx.setState('preview-message');
  };

  const load = async () => {
    try {
      const result = await loadPreview(ctx.id, ctx.store);
      if (stopped) return;
      if (!result.ok) say(result.reason);
      else {
        const { manifest } = result;
        shown = true;
        message.classList.remove('visible');
        badge.textContent = ctx.strings.previewOf.replace('{name}', manifest.point.name);
        document.title = `${badge.textContent} · Vitrine`;
        orientStage(stage, 'NORMAL', false);
        playback.apply(manifest);
      }
    } catch (error) {
      ctx.log.warn(`The preview could not be loaded: ${errorText(error)}`);
      if (!stopped) say('failed');
    }
    if (!stopped) timer = setTimeout(() => void load(), PREVIEW_REFRESH_MS);
  };
  void load();

  return {
    stop() {
      stopped = true;
      if (timer !== null) clearTimeout(timer);
      playback.destroy();
      stage.remove();
      badge.remove();
      message.remove();
    },
  };
}
