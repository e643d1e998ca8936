import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The newest message the server wrote to its outbox for an address, and the one link it carries. */
export async function lastLinkTo(dataDir: string, address: string): Promise<string> {
  const dir = join(dataDir, 'outbox');
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const files = (await readdir(dir).catch(() => [] as string[])).sort().reverse();
    for (const file of files) {
      const raw = await readFile(join(dir, file), 'utf8');
      const message = raw
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      if (!new RegExp(`^To: ${address.replace(/[.+]/g, '\\$&')}$`, 'mi').test(message)) continue;
      const link = /https?:\/\/\S+token=[A-Za-z0-9_%-]+/.exec(message)?.[0];
      if (link) return link;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail to ${address}`);
}
