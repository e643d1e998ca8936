import { describe, expect, it, vi } from 'vitest';
import { COMMANDS, POINT_MESSAGES, type CommandName, type ServerMessage } from '@vitrine/core';
import {
  ACK_MESSAGE_MAX,
  COMMAND_TEXT,
  CommandHandler,
  SeenCommands,
  runCommand,
  type Ack,
  type CommandEffects,
} from './commands';
import type { Logger } from './log';
import { memoryStore } from './storage';

const quiet: Logger = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

function fakeEffects(overrides: Partial<CommandEffects> = {}) {
  const calls: string[] = [];
  const effects: CommandEffects = {
    reload: () => void calls.push('reload'),
    upgrade: () => void calls.push('upgrade'),
    restart: () => void calls.push('restart'),
    nativeReboot: null,
    nativeTerminal: null,
    screenshot: async () => void calls.push('screenshot'),
    setStopped: (stopped) => void calls.push(stopped ? 'stop' : 'start'),
    startStream: async (url) => {
      calls.push(`stream:${url ?? 'point'}`);
      return { ok: true, message: 'Camera stream shown' };
    },
    stopStream: () => void calls.push('stream-stop'),
    refresh: async () => void calls.push('refresh'),
    ...overrides,
  };
  return { effects, calls };
}

const command = (id: number, name: CommandName, args: Record<string, unknown> = {}): ServerMessage => ({
  type: 'command',
  id,
  name,
  args,
});

function setup(overrides: Partial<CommandEffects> = {}, store = memoryStore()) {
  const { effects, calls } = fakeEffects(overrides);
  const acks: Ack[] = [];
  const handler = new CommandHandler(
    effects,
    (ack) => {
      acks.push(ack);
      calls.push(`ack:${ack.id}`);
    },
    new SeenCommands(store, 'seen'),
    quiet,
  );
  return { handler, acks, calls, store };
}

describe('runCommand', () => {
  it('maps each command to its effect', async () => {
    const expected: Record<CommandName, { calls: string[]; ok: boolean; after?: string }> = {
      reload: { calls: [], ok: true, after: 'reload' },
      upgrade: { calls: [], ok: true, after: 'upgrade' },
      restart: { calls: [], ok: true, after: 'restart' },
      reboot: { calls: [], ok: true, after: 'reload' },
      screenshot: { calls: ['screenshot'], ok: true },
      // The state is part of the content: the screen fetches the version that has it.
      'broadcast-stop': { calls: ['stop', 'refresh'], ok: true },
      'broadcast-start': { calls: ['start', 'refresh'], ok: true },
      'stream-start': { calls: ['stream:point'], ok: true },
      livestream: { calls: ['stream:point'], ok: true },
      'stream-stop': { calls: ['stream-stop'], ok: true },
      terminal: { calls: [], ok: false },
      config: { calls: ['refresh'], ok: true },
      content: { calls: ['refresh'], ok: true },
    };
    for (const name of COMMANDS) {
      const { effects, calls } = fakeEffects();
      const outcome = await runCommand(name, {}, effects);
      expect({ name, calls: [...calls], ok: outcome.ok }).toEqual({
        name,
        calls: expected[name].calls,
        ok: expected[name].ok,
      });
      await outcome.after?.();
      expect({ name, after: calls.slice(expected[name].calls.length)[0] }).toEqual({
        name,
        after: expected[name].after,
      });
    }
  });

  it('reboots through the native shell when there is one, else reloads and says so', async () => {
    const reboot = vi.fn(async () => undefined);
    const native = await runCommand('reboot', {}, fakeEffects({ nativeReboot: reboot }).effects);
    // The shell is asked first (it reboots a few seconds later), so its answer is what the ack says.
    expect(reboot).toHaveBeenCalledTimes(1);
    expect(native).toEqual({ ok: true, message: COMMAND_TEXT.rebootNative });

    const web = await runCommand('reboot', {}, fakeEffects().effects);
    expect(web).toMatchObject({ ok: true, message: COMMAND_TEXT.rebootWithoutShell });
  });

  it('says so when the device does not let the shell reboot it', async () => {
    // Android answers JSON text: not a device owner, no root.
    const refused = () => JSON.stringify({ ok: false, message: 'Reboot needs device owner or root' });
    expect(await runCommand('reboot', {}, fakeEffects({ nativeReboot: refused }).effects)).toEqual({
      ok: false,
      message: 'Reboot needs device owner or root',
    });
    const bare = () => ({ ok: false });
    expect(await runCommand('reboot', {}, fakeEffects({ nativeReboot: bare }).effects)).toEqual({
      ok: false,
      message: COMMAND_TEXT.rebootRefused,
    });
  });

  it('answers terminal only with a native terminal', async () => {
    expect(await runCommand('terminal', {}, fakeEffects().effects)).toEqual({
      ok: false,
      message: POINT_MESSAGES.unsupported,
    });
    const terminal = vi.fn(() => 'uptime 3 days');
    const outcome = await runCommand(
      'terminal',
      { cmd: 'uptime' },
      fakeEffects({ nativeTerminal: terminal }).effects,
    );
    expect(terminal).toHaveBeenCalledWith({ cmd: 'uptime' });
    expect(outcome).toEqual({ ok: true, message: 'uptime 3 days' });
  });

  it('passes a stream address from the arguments, and refuses unknown commands', async () => {
    const { effects, calls } = fakeEffects();
    await runCommand('stream-start', { url: 'https://cam.example/live.m3u8' }, effects);
    expect(calls).toEqual(['stream:https://cam.example/live.m3u8']);
    expect(await runCommand('format-disk', {}, effects)).toEqual({
      ok: false,
      message: POINT_MESSAGES.unsupported,
    });
  });
});

describe('CommandHandler', () => {
  it('acks before reloading', async () => {
    const { handler, calls, acks } = setup();
    await handler.handle(command(1, 'reload'));
    expect(calls).toEqual(['ack:1', 'reload']);
    expect(acks).toEqual([{ type: 'ack', id: 1, ok: true, message: COMMAND_TEXT.reloading }]);
  });

  it('acks a screenshot after it was sent, and a failure with its reason', async () => {
    const ok = setup();
    await ok.handler.handle(command(2, 'screenshot'));
    expect(ok.calls).toEqual(['screenshot', 'ack:2']);

    const failing = setup({
      screenshot: () => Promise.reject(new Error('upload refused')),
    });
    await failing.handler.handle(command(3, 'screenshot'));
    expect(failing.acks).toEqual([{ type: 'ack', id: 3, ok: false, message: 'upload refused' }]);
  });

  it('runs a command id once but acks every delivery', async () => {
    const { handler, calls, acks } = setup();
    await handler.handle(command(5, 'broadcast-stop'));
    await handler.handle(command(5, 'broadcast-stop'));
    expect(calls).toEqual(['stop', 'refresh', 'ack:5', 'ack:5']);
    expect(acks[0]).toEqual(acks[1]);
  });

  it('does not run a redelivery that arrives while the first still runs', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const refresh = vi.fn(() => gate);
    const { handler, acks } = setup({ refresh });
    const first = handler.handle(command(6, 'content'));
    const second = handler.handle(command(6, 'content'));
    release();
    await Promise.all([first, second]);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(acks.map((a) => [a.id, a.ok])).toEqual([
      [6, true],
      [6, true],
    ]);
  });

  it('remembers handled ids across a reload (sessionStorage), so a redelivered reload does not loop', async () => {
    const store = memoryStore();
    const before = setup({}, store);
    await before.handler.handle(command(9, 'reload'));
    expect(before.calls).toEqual(['ack:9', 'reload']);

    const after = setup({}, store);
    await after.handler.handle(command(9, 'reload'));
    expect(after.calls).toEqual(['ack:9']);
    expect(after.acks[0]).toEqual(before.acks[0]);
  });

  it('keeps ack messages within what the server accepts', async () => {
    const { handler, acks } = setup({
      nativeTerminal: () => 'x'.repeat(5000),
    });
    await handler.handle(command(10, 'terminal'));
    expect(acks[0]!.message).toHaveLength(ACK_MESSAGE_MAX);
  });
});

describe('SeenCommands', () => {
  it('forgets the oldest ids beyond its limit and survives damaged storage', () => {
    const store = memoryStore();
    const seen = new SeenCommands(store, 'k', 3);
    for (const id of [1, 2, 3, 4]) seen.remember(id, { ok: true });
    expect(seen.get(1)).toBeUndefined();
    expect(new SeenCommands(store, 'k', 3).get(4)).toEqual({ ok: true });

    store.set('k', '{broken');
    expect(new SeenCommands(store, 'k').get(4)).toBeUndefined();
    store.set('k', JSON.stringify([[1, true, 'fine'], ['x', true], [2]]));
    const restored = new SeenCommands(store, 'k');
    expect(restored.get(1)).toEqual({ ok: true, message: 'fine' });
    expect(restored.get(2)).toBeUndefined();
  });
});
