/**
 * `window.vitrineNative` in the player's page (docs/players.md). The page calls a DevTools binding with
 * `{ id, method, args }`; the shell answers by settling the call's promise in the page. Only the top frame of
 * the server's own origin gets the bridge and is heard: a plugin's sandboxed frame or another site is not.
 */
import { ACK_MESSAGE_MAX, type PlayerPlatform } from '@vitrine/core';

export const BINDING = '__vitrineNativeCall';
const SETTLE = '__vitrineNativeSettle';

export const BRIDGE_METHODS = [
  'reboot',
  'terminal',
  'screenshot',
  'displayPower',
  'relaunch',
  'autostart',
  'report',
] as const;
export type BridgeMethod = (typeof BRIDGE_METHODS)[number];

/** The script every new document of the page runs first: it defines the bridge in the right frame only. */
export function bridgeScript(origin: string, shell: { platform: PlayerPlatform; version: string }): string {
  return `(() => {
  if (window !== window.top || location.origin !== ${JSON.stringify(origin)}) return;
  const binding = window[${JSON.stringify(BINDING)}];
  if (typeof binding !== 'function') return;
  const waiting = new Map();
  let next = 0;
  Object.defineProperty(window, ${JSON.stringify(SETTLE)}, {
    value: (id, ok, value) => {
      const entry = waiting.get(id);
      if (!entry) return;
      waiting.delete(id);
      if (ok) entry.resolve(value); else entry.reject(new Error(String(value)));
    },
  });
  const call = (method, args) => new Promise((resolve, reject) => {
    const id = ++next;
    waiting.set(id, { resolve, reject });
    binding(JSON.stringify({ id, method, args }));
  });
  const shell = Object.freeze(${JSON.stringify(shell)});
  const native = {
    shell: () => shell,
    reboot: () => call('reboot', []),
    terminal: (args) => call('terminal', [args && typeof args === 'object' ? args : {}]),
    screenshot: () => call('screenshot', []),
    displayPower: (on) => call('displayPower', [on === true]),
    relaunch: () => call('relaunch', []),
    autostart: (on) => call('autostart', [on === true]),
    report: (status) => { binding(JSON.stringify({ id: 0, method: 'report', args: [status] })); },
  };
  Object.defineProperty(window, 'vitrineNative', { value: Object.freeze(native), enumerable: false });
})();`;
}

/** The expression that settles call `id` in the page. */
export function settleExpression(id: number, ok: boolean, value: unknown): string {
  return `window.${SETTLE}?.(${id}, ${ok}, ${JSON.stringify(value ?? null)})`;
}

export interface BridgeCall {
  id: number;
  method: BridgeMethod;
  args: unknown[];
}

/** A binding payload, checked: a known method, a whole id, a list of arguments; null for anything else. */
export function parseCall(payload: string): BridgeCall | null {
  if (payload.length > 100_000) return null;
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { id, method, args } = value as Record<string, unknown>;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 0) return null;
  if (!BRIDGE_METHODS.includes(method as BridgeMethod) || !Array.isArray(args)) return null;
  return { id, method: method as BridgeMethod, args };
}

/** What the shell does for each call; each may throw, which the page sees as a rejection. */
export interface BridgeHandlers {
  reboot(): Promise<{ ok: boolean; message?: string }>;
  terminal(): Promise<string>;
  screenshot(): Promise<string>;
  displayPower(on: boolean): Promise<string | null>;
  relaunch(): Promise<void>;
  autostart(on: boolean): Promise<void>;
  report(status: Record<string, unknown>): void;
}

/** Runs a call; its answer, or the error's text (both within the cabinet's limit for an answer). */
export async function runCall(
  call: BridgeCall,
  handlers: BridgeHandlers,
): Promise<{ ok: boolean; value: unknown }> {
  try {
    switch (call.method) {
      case 'reboot':
        return { ok: true, value: await handlers.reboot() };
      case 'terminal':
        return { ok: true, value: (await handlers.terminal()).slice(0, ACK_MESSAGE_MAX) };
      case 'screenshot':
        return { ok: true, value: await handlers.screenshot() };
      case 'displayPower':
        return { ok: true, value: await handlers.displayPower(call.args[0] === true) };
      case 'relaunch':
        await handlers.relaunch();
        return { ok: true, value: null };
      case 'autostart':
        await handlers.autostart(call.args[0] === true);
        return { ok: true, value: null };
      case 'report': {
        const status = call.args[0];
        handlers.report(
          typeof status === 'object' && status !== null ? (status as Record<string, unknown>) : {},
        );
        return { ok: true, value: null };
      }
    }
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    return { ok: false, value: text.slice(0, ACK_MESSAGE_MAX) };
  }
}
