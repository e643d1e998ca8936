import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SETTING_NAMES, loadConfig } from './config.js';

const README = new URL('../../../README.md', import.meta.url);

/** Every variable named in the first column of the README's settings table. */
function readmeSettings(): string[] {
  const section = readFileSync(README, 'utf8').split('## Configuration')[1]?.split('\n## ')[0] ?? '';
  const names = new Set<string>();
  for (const line of section.split('\n')) {
    if (!line.startsWith('| `')) continue;
    for (const m of (line.split('|')[1] ?? '').matchAll(/`([A-Z][A-Z0-9_]+)`/g)) names.add(m[1]!);
  }
  return [...names];
}

describe("the README's settings table", () => {
  it('names every setting the server reads, and none it does not', () => {
    const documented = readmeSettings();
    expect(documented.length).toBeGreaterThan(50);
    expect(SETTING_NAMES.filter((name) => !documented.includes(name))).toEqual([]);
    expect(documented.filter((name) => !SETTING_NAMES.includes(name))).toEqual([]);
  });
});

describe('PUBLIC_URL', () => {
  const warnings = (env: Record<string, string>) => loadConfig({ DATA_DIR: '/tmp/x', ...env }).warnings;

  it('is not asked for on a laptop that sends nothing anywhere', () => {
    expect(warnings({})).toEqual([]);
    expect(warnings({ HOST: '127.0.0.1' })).toEqual([]);
  });

  it('is warned about when it is localhost and mail, Telegram, sign-in, payments or a public address use it', () => {
    for (const env of <Record<string, string>[]>[
      { SMTP_URL: 'smtp://mail.example.com:587' },
      { TELEGRAM_BOT_TOKEN: '123456:ABC-def' },
      { OIDC_ISSUER: 'https://accounts.example.com', OIDC_CLIENT_ID: 'a', OIDC_CLIENT_SECRET: 'b' },
      { STRIPE_SECRET_KEY: 'sk_test', STRIPE_WEBHOOK_SECRET: 'whsec' },
      { HOST: '0.0.0.0' },
      { TRUST_PROXY: 'true' },
    ]) {
      const [warning] = warnings(env);
      expect(warning, JSON.stringify(env)).toMatch(
        /^PUBLIC_URL is not set, so it is http:\/\/localhost:8080/,
      );
      expect(warning).toContain('set PUBLIC_URL');
    }
    expect(warnings({ PUBLIC_URL: 'http://127.0.0.1:8080', SMTP_URL: 'smtp://m' })[0]).toMatch(
      /^PUBLIC_URL is set to http:\/\/127\.0\.0\.1:8080, yet SMTP_URL \(links in e-mails\) is set/,
    );
  });

  it('is quiet once it names a real address', () => {
    expect(
      warnings({ PUBLIC_URL: 'https://signage.example.com', SMTP_URL: 'smtp://m', HOST: '0.0.0.0' }),
    ).toEqual([]);
  });
});

describe('PROCESSES', () => {
  it('is one process unless set, and several only on PostgreSQL', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/x' }).processes).toBe(1);
    const pg = { DATA_DIR: '/tmp/x', DATABASE_URL: 'postgres://u@127.0.0.1/db' };
    expect(loadConfig({ ...pg, PROCESSES: '2' }).processes).toBe(2);
    expect(() => loadConfig({ DATA_DIR: '/tmp/x', PROCESSES: '2' })).toThrow(
      'PROCESSES: PROCESSES above 1 needs DATABASE_URL: the embedded database serves one process',
    );
    expect(() => loadConfig({ ...pg, PROCESSES: '0' })).toThrow('PROCESSES');
  });
});
