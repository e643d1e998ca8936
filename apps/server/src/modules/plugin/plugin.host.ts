import { PLUGIN_MESSAGES as M, pluginOrigin } from '@vitrine/core';

/**
 * The page a screen writes a plugin into (docs/studio.md, "Plugins"). The player frames it sandboxed
 * (allow-scripts, no same origin: an opaque origin that can reach neither the player nor its token), sends
 * it the plugin's page and settings, and this page writes them into itself after a small bridge: the
 * plugin reads `vitrine.settings`, calls `vitrine.ready()`, and asks `vitrine.request(...)` for a feed or
 * a QR code. Its policy lets the page's inline scripts run and lets it reach its declared origins only.
 */

/** Runs inside the plugin's page, before the plugin's own scripts. */
function bridge(this: void, settings: unknown, timeZone: string, locale: string, types: typeof M): void {
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let next = 0;
  (window as unknown as { vitrine: unknown }).vitrine = {
    settings,
    timeZone,
    locale,
    ready: () => parent.postMessage({ type: types.ready }, '*'),
    request: (request: unknown) =>
      new Promise((resolve, reject) => {
        next += 1;
        pending.set(next, { resolve, reject });
        parent.postMessage({ type: types.request, id: next, request }, '*');
      }),
  };
  addEventListener('message', (event) => {
    const data = event.data as { type?: string; id?: number; value?: unknown; error?: string } | null;
    if (event.source !== parent || data?.type !== types.answer || typeof data.id !== 'number') return;
    const waiting = pending.get(data.id);
    pending.delete(data.id);
    if (data.error) waiting?.reject(new Error(data.error));
    else waiting?.resolve(data.value);
  });
}

/** Receives the plugin and writes it, the bridge first (after its doctype, so it keeps standards mode). */
function host(this: void, bridgeSource: string, types: typeof M): void {
  const receive = (event: MessageEvent) => {
    const data = event.data as {
      type?: string;
      html?: string;
      settings?: unknown;
      timeZone?: string;
      locale?: string;
    };
    if (event.source !== parent || data?.type !== types.load || typeof data.html !== 'string') return;
    removeEventListener('message', receive);
    const args = [data.settings ?? {}, data.timeZone ?? 'UTC', data.locale ?? 'en', types]
      .map((a) => JSON.stringify(a).replace(/[<]/g, '\\u003c'))
      .join(',');
    const boot = `<script>(${bridgeSource})(${args})</script>`;
    const doctype = /^\s*<!doctype[^>]*>/i.exec(data.html);
    const html = doctype ? doctype[0] + boot + data.html.slice(doctype[0].length) : boot + data.html;
    document.open();
    document.write(html);
    document.close();
  };
  addEventListener('message', receive);
  parent.postMessage({ type: types.host }, '*');
}

/** The host's script; `</` written `<\/` (the same inside its strings) so no `</script>` ends it early. */
const HOST_SCRIPT = `(${host.toString()})(${JSON.stringify(bridge.toString())},${JSON.stringify(M)})`.replace(
  /<\//g,
  '<\\/',
);

export const HOST_PAGE = `<!doctype html><html><head><meta charset="utf-8"></head><body><script>${HOST_SCRIPT}</script></body></html>`;

/** The origins of the query, each checked as a manifest's are; undefined when one is not an origin. */
export function parseOrigins(value: string | undefined): string[] | undefined {
  const origins = (value ?? '').split(' ').filter(Boolean);
  return origins.every((o) => pluginOrigin.safeParse(o).success) ? origins : undefined;
}

/** The host page's policy: inline scripts and styles, data and blob pictures, and the plugin's origins. */
export function hostPolicy(origins: string[]): string {
  const o = origins.join(' ');
  const reach = o || "'none'";
  return [
    "default-src 'none'",
    `script-src 'unsafe-inline' ${o}`,
    `style-src 'unsafe-inline' ${o}`,
    `img-src data: blob: ${o}`,
    `media-src data: blob: ${o}`,
    `font-src data: ${o}`,
    `connect-src ${reach}`,
    `frame-src ${reach}`,
    "form-action 'none'",
    "frame-ancestors 'self'",
    'sandbox allow-scripts',
  ].join('; ');
}
