// `npm start`: builds only when the build is not current (scripts/build-stamp.mjs), then runs the server.
// A fresh clone builds once; a restart of a built, unchanged tree goes straight to the server.
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { staleBecause } from './build-stamp.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const why = staleBecause();
if (why) {
  console.log(`Building first: ${why}.`);
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// The server in a child that receives the signals this process gets (a service manager's SIGTERM).
const server = spawn(process.execPath, ['apps/server/dist/main.js'], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 : 1)));
