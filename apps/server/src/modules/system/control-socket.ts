import { rmSync } from 'node:fs';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';

/**
 * The embedded database's backup door: a Unix socket in DATA_DIR (`vitrine.sock`, readable by the
 * server's own user only) through which `npm run backup` asks the running server for a consistent copy
 * of its database. Only the process holding DATA_DIR's lock listens, so a socket file found at start
 * is a crashed process's and is replaced.
 */
export const CONTROL_SOCKET = 'vitrine.sock';

export async function listenForBackups(
  dataDir: string,
  dump: () => Promise<Blob>,
  log: (message: string, error?: unknown) => void,
): Promise<() => Promise<void>> {
  const path = join(dataDir, CONTROL_SOCKET);
  rmSync(path, { force: true });
  const open = new Set<Socket>();
  const server: Server = createServer({ allowHalfOpen: true }, (socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
    let asked = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      asked += chunk;
    });
    socket.on('end', () => {
      if (asked.trim() !== 'backup') {
        socket.end();
        return;
      }
      dump()
        .then(async (blob) => socket.end(Buffer.from(await blob.arrayBuffer())))
        .catch((error: unknown) => {
          log('backup through the control socket failed', error);
          socket.destroy();
        });
    });
    socket.on('error', () => undefined);
  });
  const listening = await new Promise<boolean>((resolve) => {
    server.once('error', (error) => {
      log(`the backup socket ${path} could not be opened: npm run backup needs the server stopped`, error);
      resolve(false);
    });
    // Owner only: whoever can reach it can read the whole database.
    server.listen({ path, readableAll: false, writableAll: false }, () => resolve(true));
  });
  return async () => {
    // A copy under way is cut off: a stopping server does not wait for it.
    for (const socket of open) socket.destroy();
    if (listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(path, { force: true });
  };
}

/** Asks the server holding DATA_DIR for a copy of its database (the gzipped tarball). */
export async function requestBackup(dataDir: string): Promise<Buffer> {
  const socket = createConnection({ path: join(dataDir, CONTROL_SOCKET), allowHalfOpen: true });
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    socket.once('connect', () => socket.end('backup\n'));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.once('error', reject);
    socket.once('end', () => {
      const body = Buffer.concat(chunks);
      if (body.length === 0) reject(new Error('the running server sent no backup (see its log)'));
      else resolve(body);
    });
  });
}
