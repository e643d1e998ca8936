/**
 * The web player's boot: log, language, the screen's wake lock and fullscreen, the service worker, then
 * either pairing (no token yet) or the paired session. A 401 anywhere sends it back to pairing.
 */
import './style.css';
import { createApi } from './api';
import { SeenCommands } from './commands';
import { browserLanguages, pickLocale, stringsFor } from './i18n';
import { LogBuffer, LogShipper, createLogger } from './log';
import { startNativeReports } from './native';
import { Pairing } from './pairing';
import { pluginServices } from './plugin';
import { previewId, startPreview } from './preview';
import type { ScreenState } from './playback';
import { ScreenControl, StatusLine } from './screen';
import { startSession } from './session';
import { KEYS, browserStore, deviceKeyOf } from './storage';
import { errorText } from './util';

const VERSION = __PLAYER_VERSION__;
const BASE = import.meta.env.BASE_URL;
const CACHE_PREFIX = 'vitrine-player';
const LOG_SHIP_MS = 60_000;

type BodyState = ScreenState | 'pairing' | 'preview-message';

function setState(state: BodyState): void {
  document.body.dataset.state = state;
}

const buffer = new LogBuffer();
const log = createLogger(buffer);
const local = browserStore('local');
const seen = new SeenCommands(browserStore('session'), KEYS.commands);
const locale = pickLocale(browserLanguages());
const strings = stringsFor(locale);
document.documentElement.lang = locale === 'ua' ? 'uk' : locale;

const root = document.getElementById('app') ?? document.body;
const status = new StatusLine(document.body);
const screenControl = new ScreenControl(log);

let current: { stop(): void } | null = null;

const api = createApi({
  token: () => local.get(KEYS.token),
  onUnauthorized: (refused) => {
    // A late answer for a token already replaced must not unpair the new one.
    if (local.get(KEYS.token) !== refused) return;
    log.warn('The server no longer knows this screen (removed or paired again): pairing again');
    local.remove(KEYS.token);
    local.remove(KEYS.manifest);
    restart();
  },
});

pluginServices.feed = (url) => api.feed(url);

const shipper = new LogShipper(
  buffer,
  (entries, keepalive) => api.log(entries, keepalive),
  () => local.get(KEYS.token) !== null,
);

function start(): void {
  // `?id=`: an operator's preview of that screen with the cabinet's session (src/preview.ts), not a screen.
  const preview = previewId(location.search);
  if (preview !== null) {
    current = startPreview({ id: preview, root, store: local, strings, log, setState });
    return;
  }
  const token = local.get(KEYS.token);
  if (token) {
    current = startSession({
      token,
      api,
      local,
      seen,
      log,
      strings,
      root,
      status,
      screen: screenControl,
      version: VERSION,
      setState,
      restart,
      upgrade,
      flushLog: () => void shipper.flush(),
    });
    return;
  }
  setState('pairing');
  document.title = 'Vitrine player';
  const pairing = new Pairing({
    api,
    deviceKey: deviceKeyOf(local),
    root,
    strings,
    log,
    origin: location.origin,
    onBound: (newToken) => {
      local.set(KEYS.token, newToken);
      restart();
      void shipper.flush();
    },
  });
  pairing.start();
  current = pairing;
}

/** Tears the player down in this page and starts it again. */
function restart(): void {
  const previous = current;
  current = null;
  previous?.stop();
  start();
}

/** The newest bundle: the service worker and its caches go, then the page loads from the network. */
async function upgrade(): Promise<void> {
  log.info('Upgrading: dropping the cached player and loading the newest one');
  try {
    if ('serviceWorker' in navigator) {
      const registrations = await navigator.serviceWorker.getRegistrations();
      for (const registration of registrations) {
        if (new URL(registration.scope).pathname.startsWith(BASE)) await registration.unregister();
      }
    }
    if ('caches' in window) {
      for (const key of await caches.keys()) {
        if (key.startsWith(CACHE_PREFIX)) await caches.delete(key);
      }
    }
  } catch (error) {
    log.warn(`The cached player was not fully dropped: ${errorText(error)}`);
  }
  location.reload();
}

function registerServiceWorker(): void {
  if (!import.meta.env.PROD) return;
  if (!('serviceWorker' in navigator)) {
    log.info('No service worker (it needs https or localhost): the player cannot open offline');
    return;
  }
  // After the first content had its chance at the network.
  setTimeout(() => {
    navigator.serviceWorker
      .register(`${BASE}sw.js`, { scope: BASE })
      .catch((error: unknown) => log.warn(`Service worker not registered: ${errorText(error)}`));
  }, 5000);
}

window.addEventListener('error', (event) => {
  log.error(`Uncaught error: ${event.message} (${event.filename}:${event.lineno})`);
});
window.addEventListener('unhandledrejection', (event) => {
  log.error(`Unhandled rejection: ${errorText(event.reason)}`);
});
window.addEventListener('pagehide', () => shipper.flushOnHide());
setInterval(() => void shipper.flush(), LOG_SHIP_MS);

log.info(
  `Vitrine player ${VERSION} starting: ${navigator.userAgent}, screen ${window.screen.width}x${window.screen.height}` +
    ` @${window.devicePixelRatio || 1}, language ${locale}`,
);
start();
registerServiceWorker();
// A native shell's watchdog hears from the page whatever it shows (docs/players.md); the pairing code too,
// which the shell keeps in its status file for a screen set up from afar.
startNativeReports(() => ({
  state: document.body.dataset.state ?? 'starting',
  paired: local.get(KEYS.token) !== null,
  code: document.querySelector('[data-testid="pairing-code"]')?.textContent?.trim() || null,
  played: Number(document.body.dataset.played ?? 0),
  version: VERSION,
}));
