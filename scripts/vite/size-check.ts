import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** A first download that stays light: its entry chunk's size as the server sends it, and what it must not hold. */
export interface SizeBudget {
  /** Who it is for, in the messages ('the player', 'the sign-in page'). */
  what: string;
  /** How the server sends the chunk: gzip at level 9 (the player) or brotli at best quality (the web). */
  encoding: 'gzip' | 'br';
  /** Kilobytes (of 1,000 bytes for gzip as the player's README counts, of 1,024 for brotli as bench/login). */
  budgetKb: number;
  /** Modules the entry chunk must not hold, by path. */
  banned: { name: string; path: RegExp }[];
}

const encoded = (code: string, encoding: SizeBudget['encoding']): number =>
  encoding === 'gzip'
    ? gzipSync(code, { level: 9 }).length
    : brotliCompressSync(code, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

/**
 * Fails the build when the entry chunk, encoded as the server sends it, grows past its budget, or when a
 * banned module comes back into it; prints the size otherwise.
 */
export function sizeCheck(budget: SizeBudget): Plugin {
  const unit = budget.encoding === 'gzip' ? 1000 : 1024;
  const kb = (bytes: number): string => `${(bytes / unit).toFixed(1)} kB`;
  return {
    name: 'vitrine-size-check',
    apply: 'build',
    // Once written: Vite writes the dynamic imports' preload lists into the chunk after generateBundle.
    writeBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !chunk.isEntry) continue;
        const banned = budget.banned.filter((b) => chunk.moduleIds.some((id) => b.path.test(id)));
        if (banned.length > 0)
          this.error(
            `${chunk.fileName} holds ${banned.map((b) => b.name).join(', ')}: keep it out of ${budget.what}`,
          );
        const size = encoded(chunk.code, budget.encoding);
        const line = `${chunk.fileName}: ${kb(chunk.code.length)}, ${kb(size)} ${budget.encoding} (budget ${budget.budgetKb} kB)`;
        if (size > budget.budgetKb * unit)
          this.error(`The entry chunk of ${budget.what} is over its budget: ${line}`);
        this.info(`size check: ${line}`);
      }
    },
  };
}
