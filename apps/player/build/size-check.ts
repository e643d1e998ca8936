import { sizeCheck } from '../../../scripts/vite/size-check.ts';

/**
 * The player stays light (apps/player/README.md): screens are old TVs and kiosks on slow links. The build
 * fails when the main chunk, gzipped at level 9 as the server sends it, grows past the budget, or when zod
 * comes back into it (core's schemas; the player checks JSON with core's plain predicates instead).
 */
export const MAIN_CHUNK_BUDGET_KB = 56;

export const playerSizeCheck = () =>
  sizeCheck({
    what: 'the player',
    encoding: 'gzip',
    budgetKb: MAIN_CHUNK_BUDGET_KB,
    banned: [{ name: 'zod', path: /[\\/]node_modules[\\/]zod[\\/]/ }],
  });
