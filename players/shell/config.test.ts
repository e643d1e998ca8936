import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, normalizeServer, pathsOf, saveConfig } from './config.js';

describe('the server address', () => {
  it('is the origin of what was typed, https unless it looks local', () => {
    expect(normalizeServer('signage.example.com')).toBe('https://signage.example.com');
    expect(normalizeServer(' https://signage.example.com/player/ ')).toBe('https://signage.example.com');
    expect(normalizeServer('192.168.1.20:8080')).toBe('http://192.168.1.20:8080');
    expect(normalizeServer('10.0.0.5')).toBe('http://10.0.0.5');
    expect(normalizeServer('localhost:8080/player/')).toBe('http://localhost:8080');
    expect(normalizeServer('vitrine.local')).toBe('http://vitrine.local');
    expect(normalizeServer('http://Signage.Example.com:80/')).toBe('http://signage.example.com');
    for (const bad of [
      '',
      'two words',
      'ftp://files.example',
      'https://user:pw@example.com',
      'javascript:alert(1)',
    ])
      expect(normalizeServer(bad), bad).toBeNull();
  });
});

describe('the configuration', () => {
  it('lives in the per-user folder of each system, or VITRINE_PLAYER_HOME', () => {
    expect(pathsOf({ XDG_CONFIG_HOME: '/home/k/.config' }, 'linux').config).toBe(
      '/home/k/.config/vitrine-player/config.json',
    );
    expect(pathsOf({ APPDATA: 'C:\\Users\\k\\AppData\\Roaming' }, 'win32').dir).toContain('Vitrine Player');
    expect(pathsOf({ VITRINE_PLAYER_HOME: '/srv/player' }, 'linux').status).toBe('/srv/player/status.json');
  });

  it('is remembered whole, and a damaged file counts as none', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vitrine-config-'));
    const paths = pathsOf({ VITRINE_PLAYER_HOME: dir });
    expect(loadConfig(paths)).toEqual({ server: null });
    saveConfig(paths, { server: 'https://signage.example.com', skipVersion: '0.2.0' });
    expect(loadConfig(paths)).toEqual({ server: 'https://signage.example.com', skipVersion: '0.2.0' });
    expect(JSON.parse(await readFile(paths.config, 'utf8'))).toMatchObject({
      server: 'https://signage.example.com',
    });
    await writeFile(paths.config, '{"server": "ftp://nope"');
    expect(loadConfig(paths)).toEqual({ server: null });
    await rm(dir, { recursive: true, force: true });
  });
});
