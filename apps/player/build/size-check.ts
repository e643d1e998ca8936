import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * The player stays light (apps/player/README.md): screens are old TVs and kiosks on slow links. The build
 * fails when the main chunk, gzipped at level 9 as the server sends it, grows past the budget, or when zod
 * comes back into it (core's schemas; the player checks JSON with core's plain predicates instead).
 */
export const MAIN_CHUNK_BUDGET_KB = 56;

/** Modules the main chunk must not hold. */
const BANNED = [{ name: 'zod', path: /[\\/]node_modules[\\/]zod[\\/]/ }];

const kb = (bytes: number): string => `${(bytes / 1000).toFixed(1)} kB`;

export function sizeCheck(budgetKb = MAIN_CHUNK_BUDGET_KB): Plugin {
  return {
    name: 'vitrine-player-size-check',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !chunk.isEntry) continue;
        const banned = BANNED.filter((b) => chunk.moduleIds.some((id) => b.path.test(id)));
        if (banned.length > 0)
          this.error(
            `${chunk.fileName} holds ${banned.map((b) => b.name).join(', ')}: keep it out of the player`,
          );
        const gzipped = gzipSync(chunk.code, { level: 9 }).length;
        const line = `${chunk.fileName}: ${kb(chunk.code.length)}, ${kb(gzipped)} gzipped (budget ${budgetKb} kB)`;
        if (gzipped > budgetKb * 1000) this.error(`The player's main chunk is over its budget: ${line}`);
        this.info(`size check: ${line}`);
      }
    },
  };
}
