import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The site configuration the docs ship (docs/deploying.md): the tests run this file, not a copy of it. */
export const SHIPPED_CONFIG = fileURLToPath(new URL('../../docs/deploying/nginx.conf', import.meta.url));

export const nginxPath = (): string | undefined =>
  [process.env.NGINX_PATH, '/usr/sbin/nginx', '/usr/bin/nginx'].find(
    (p): p is string => !!p && existsSync(p),
  );

export interface RunningProxy {
  url: string;
  stop(): Promise<void>;
}

/**
 * The shipped site configuration with this machine's addresses put in: its upstream's servers become
 * `upstreams`, and it listens on loopback at `port`. Everything else is the file as shipped.
 */
export async function siteConfig(upstreams: string[], port: number): Promise<string> {
  const shipped = await readFile(SHIPPED_CONFIG, 'utf8');
  const servers = upstreams.map((u) => `    server ${u} max_fails=1 fail_timeout=10s;`).join('\n');
  const site = shipped
    .replace(/upstream vitrine \{[^}]*?keepalive/s, `upstream vitrine {\n${servers}\n    keepalive`)
    .replace(/listen 80;/, `listen 127.0.0.1:${port};`);
  if (site === shipped || !site.includes(`listen 127.0.0.1:${port};`)) {
    throw new Error(
      'docs/deploying/nginx.conf no longer has the upstream block and `listen 80;` the test fills in',
    );
  }
  return site;
}

/** nginx in the foreground with the shipped site, its own prefix, logs and temporary files in `dir`. */
export async function startProxy(
  dir: string,
  upstreams: string[],
  port: number,
  /** Connections nginx holds at once: each client's and its upstream's (a bench's fleet needs more). */
  connections = 1024,
): Promise<RunningProxy> {
  const nginx = nginxPath();
  if (!nginx) throw new Error('nginx is not installed (Debian: apt-get install nginx; npm test installs it)');
  await mkdir(join(dir, 'logs'), { recursive: true });
  await writeFile(join(dir, 'site.conf'), await siteConfig(upstreams, port));
  const main = [
    // Workers run as the user who started nginx (root in CI): their temporary files stay in `dir`.
    ...(process.getuid?.() === 0 ? ['user root;'] : []),
    'worker_processes 1;',
    `pid ${join(dir, 'nginx.pid')};`,
    `error_log ${join(dir, 'logs', 'error.log')} warn;`,
    `worker_rlimit_nofile ${connections * 2};`,
    `events { worker_connections ${connections}; }`,
    'http {',
    `  access_log ${join(dir, 'logs', 'access.log')};`,
    `  client_body_temp_path ${join(dir, 'body')};`,
    `  proxy_temp_path ${join(dir, 'proxy')};`,
    `  fastcgi_temp_path ${join(dir, 'fastcgi')};`,
    `  uwsgi_temp_path ${join(dir, 'uwsgi')};`,
    `  scgi_temp_path ${join(dir, 'scgi')};`,
    `  include ${join(dir, 'site.conf')};`,
    '}',
  ].join('\n');
  await writeFile(join(dir, 'nginx.conf'), main);
  let output = '';
  const child: ChildProcess = spawn(nginx, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-g', 'daemon off;'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited:\n${output}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`nginx did not answer:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    async stop() {
      if (child.exitCode === null) child.kill('SIGQUIT');
      await exited;
    },
  };
}
