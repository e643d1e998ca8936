/**
 * One run of the kiosk browser: started, its page attached over the DevTools pipe, the bridge installed for
 * the server's origin, and the calls that come through it handed to the shell. It ends when the browser
 * exits or is killed; the supervisor starts another.
 */
import type { PlayerPlatform } from '@vitrine/core';
import { type LaunchOptions, launchBrowser, type Launched } from './browser.js';
import {
  BINDING,
  bridgeScript,
  parseCall,
  runCall,
  settleExpression,
  type BridgeHandlers,
} from './bridge.js';
import type { CdpEvent } from './cdp.js';
import type { Log } from './log.js';
import { errorText } from './log.js';

interface ContextInfo {
  origin: string;
  frameId: string | undefined;
  isDefault: boolean;
}

export interface KioskOptions {
  launch: LaunchOptions;
  shell: { platform: PlayerPlatform; version: string };
  log: Log;
  handlers: BridgeHandlers;
  /** The page's renderer crashed ("Aw, Snap!"). */
  onCrash: () => void;
}

/** Largest screenshot width sent to the cabinet, as the web player's own. */
const SCREENSHOT_MAX_WIDTH = 1280;

export class Kiosk {
  private sessionId = '';
  private targetId = '';
  private origin = '';
  private scriptId: string | null = null;
  private readonly contexts = new Map<number, ContextInfo>();

  private constructor(
    private readonly launched: Launched,
    private readonly options: KioskOptions,
  ) {
    launched.cdp.on('event', (event) => this.onEvent(event));
  }

  /** Starts the browser and attaches to its page; throws (the browser killed) when it cannot. */
  static async start(options: KioskOptions): Promise<Kiosk> {
    const launched = launchBrowser(options.launch, (line) => {
      if (!/DevTools listening|dev-shm|^\[\d+:\d+:/.test(line)) options.log.info(`browser: ${line}`);
    });
    const kiosk = new Kiosk(launched, options);
    try {
      await kiosk.attach();
      return kiosk;
    } catch (error) {
      kiosk.kill();
      throw error;
    }
  }

  private async attach(): Promise<void> {
    const { cdp } = this.launched;
    const deadline = Date.now() + 30_000;
    let page: { targetId: string } | undefined;
    while (!page) {
      const { targetInfos } = await cdp.send<{ targetInfos: { targetId: string; type: string }[] }>(
        'Target.getTargets',
      );
      page = targetInfos.find((t) => t.type === 'page');
      if (!page) {
        if (Date.now() > deadline) throw new Error('The browser opened no page');
        await new Promise((r) => setTimeout(r, 200));
      }
    }
    this.targetId = page.targetId;
    const { sessionId } = await cdp.send<{ sessionId: string }>('Target.attachToTarget', {
      targetId: page.targetId,
      flatten: true,
    });
    this.sessionId = sessionId;
    await this.page('Page.enable');
    await this.page('Runtime.enable');
    await this.page('Runtime.addBinding', { name: BINDING });
    await this.fillScreen().catch((error: unknown) =>
      this.options.log.warn(`Not full screen: ${errorText(error)}`),
    );
  }

  /**
   * The window over the whole screen. Kiosk mode asks the window manager for full screen; a bare X server
   * (a Raspberry Pi without a desktop, Xvfb) has none, so the window is also placed and sized to the screen.
   */
  private async fillScreen(): Promise<void> {
    const { cdp } = this.launched;
    const { windowId } = await cdp.send<{ windowId: number }>('Browser.getWindowForTarget', {
      targetId: this.targetId,
    });
    const screen = await this.page<{ result?: { value?: [number, number] } }>('Runtime.evaluate', {
      expression: '[screen.width, screen.height]',
      returnByValue: true,
    });
    const [width, height] = screen.result?.value ?? [0, 0];
    if (width > 0 && height > 0) {
      await cdp
        .send('Browser.setWindowBounds', { windowId, bounds: { windowState: 'normal' } })
        .catch(() => undefined);
      await cdp.send('Browser.setWindowBounds', { windowId, bounds: { left: 0, top: 0, width, height } });
    }
    await cdp
      .send('Browser.setWindowBounds', { windowId, bounds: { windowState: 'fullscreen' } })
      .catch(() => undefined);
  }

  private page<T = Record<string, unknown>>(
    method: string,
    params: Record<string, unknown> = {},
    timeoutMs?: number,
  ) {
    return this.launched.cdp.send<T>(method, params, this.sessionId, timeoutMs);
  }

  /** Opens `url`; the bridge is defined for `origin` (the server's) from the first script on. */
  async open(url: string, origin: string): Promise<void> {
    if (origin !== this.origin || this.scriptId === null) {
      if (this.scriptId !== null)
        await this.page('Page.removeScriptToEvaluateOnNewDocument', { identifier: this.scriptId });
      const { identifier } = await this.page<{ identifier: string }>(
        'Page.addScriptToEvaluateOnNewDocument',
        {
          source: bridgeScript(origin, this.options.shell),
        },
      );
      this.scriptId = identifier;
      this.origin = origin;
    }
    await this.page('Page.navigate', { url });
  }

  async reload(): Promise<void> {
    await this.page('Page.reload', { ignoreCache: false });
  }

  /** Whether the page answers within `timeoutMs` (a hung renderer does not). */
  async responsive(timeoutMs: number): Promise<boolean> {
    try {
      const answer = await this.page<{ result?: { value?: unknown } }>(
        'Runtime.evaluate',
        { expression: '1 + 1', returnByValue: true, timeout: timeoutMs },
        timeoutMs + 1000,
      );
      return answer.result?.value === 2;
    } catch {
      return false;
    }
  }

  /** The whole page as the panel shows it: a JPEG data address, at most 1280 px wide. */
  async screenshot(): Promise<string> {
    const metrics = await this.page<{ cssVisualViewport?: { clientWidth: number; clientHeight: number } }>(
      'Page.getLayoutMetrics',
    );
    const width = metrics.cssVisualViewport?.clientWidth ?? 0;
    const height = metrics.cssVisualViewport?.clientHeight ?? 0;
    const scale = width > SCREENSHOT_MAX_WIDTH ? SCREENSHOT_MAX_WIDTH / width : 1;
    const { data } = await this.page<{ data: string }>(
      'Page.captureScreenshot',
      {
        format: 'jpeg',
        quality: 85,
        ...(scale < 1 ? { clip: { x: 0, y: 0, width, height, scale } } : {}),
      },
      20_000,
    );
    return `data:image/jpeg;base64,${data}`;
  }

  /** The page's current address (for the log, and the error page's case). */
  async url(): Promise<string> {
    const { targetInfo } = await this.launched.cdp.send<{ targetInfo: { url: string } }>(
      'Target.getTargetInfo',
      {
        targetId: this.targetId,
      },
    );
    return targetInfo.url;
  }

  get pid(): number | undefined {
    return this.launched.child.pid;
  }

  get exited() {
    return this.launched.exited;
  }

  kill(): void {
    this.launched.cdp.close('stopped');
    if (this.launched.child.exitCode === null && this.launched.child.signalCode === null) {
      this.launched.child.kill('SIGKILL');
    }
  }

  /** Closes the browser politely, then for sure. */
  async stop(): Promise<void> {
    const exited = this.launched.exited;
    await this.launched.cdp.send('Browser.close', {}, undefined, 3000).catch(() => undefined);
    const timer = setTimeout(() => this.kill(), 5000);
    await exited;
    clearTimeout(timer);
  }

  private onEvent(event: CdpEvent): void {
    if (event.sessionId !== this.sessionId) return;
    const params = event.params;
    switch (event.method) {
      case 'Runtime.executionContextCreated': {
        const context = params.context as {
          id: number;
          origin: string;
          auxData?: { frameId?: string; isDefault?: boolean };
        };
        this.contexts.set(context.id, {
          origin: context.origin,
          frameId: context.auxData?.frameId,
          isDefault: context.auxData?.isDefault === true,
        });
        break;
      }
      case 'Runtime.executionContextDestroyed':
        this.contexts.delete(params.executionContextId as number);
        break;
      case 'Runtime.executionContextsCleared':
        this.contexts.clear();
        break;
      case 'Runtime.bindingCalled':
        void this.onCall(
          params.name as string,
          params.payload as string,
          params.executionContextId as number,
        );
        break;
      case 'Inspector.targetCrashed':
        this.options.onCrash();
        break;
    }
  }

  /** A call from the page: heard only from the top frame's own world on the server's origin. */
  private async onCall(name: string, payload: string, contextId: number): Promise<void> {
    if (name !== BINDING) return;
    const context = this.contexts.get(contextId);
    if (
      !context ||
      !context.isDefault ||
      context.frameId !== this.targetId ||
      context.origin !== this.origin
    ) {
      this.options.log.warn(`A bridge call from ${context?.origin ?? 'an unknown frame'} was ignored`);
      return;
    }
    const call = parseCall(payload);
    if (!call) return;
    const answer = await runCall(call, this.options.handlers);
    if (call.id === 0) return;
    await this.page('Runtime.evaluate', {
      expression: settleExpression(call.id, answer.ok, answer.value),
      contextId,
    }).catch((error: unknown) => this.options.log.warn(`A bridge answer was lost: ${errorText(error)}`));
  }
}
