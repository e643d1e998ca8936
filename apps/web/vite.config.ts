import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { contractAddresses } from '../../scripts/vite/contract-addresses.ts';
import { localeStrings } from '../../scripts/vite/locale-strings.ts';
import { precompress } from '../../scripts/vite/precompress.ts';
import { sizeCheck } from '../../scripts/vite/size-check.ts';

/** This build's id: in the bundle (__BUILD_ID__) and in dist/version.json, which open pages poll. */
const BUILD_ID = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

const versionFile = (): Plugin => ({
  name: 'vitrine-version-file',
  apply: 'build',
  generateBundle() {
    this.emitFile({ type: 'asset', fileName: 'version.json', source: JSON.stringify({ build: BUILD_ID }) });
  },
});

export default defineConfig({
  plugins: [
    react(),
    contractAddresses(),
    localeStrings(fileURLToPath(new URL('./src/i18n', import.meta.url))),
    versionFile(),
    // The sign-in page's script: with its strings (~4 KB) and headers (~1 KB) at most 150 KB on the wire
    // (issue 33, bench/login.ts), without zod (contractAddresses, lazily loaded schemas) or the toasts.
    sizeCheck({
      what: 'the sign-in page',
      encoding: 'br',
      budgetKb: 145,
      banned: [
        { name: 'zod', path: /[\\/]node_modules[\\/]zod[\\/].*\.m?js$/ },
        { name: 'the toasts', path: /[\\/]node_modules[\\/]@mantine[\\/]notifications[\\/].*\.m?js$/ },
      ],
    }),
    precompress(),
  ],
  define: { __BUILD_ID__: JSON.stringify(BUILD_ID) },
  resolve: {
    alias: { '@vitrine/core': fileURLToPath(new URL('../../packages/core/src/index.ts', import.meta.url)) },
  },
  server: { proxy: { '/api': 'http://localhost:8080' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // A first page loads few files (each request's headers count, and shared chunks come in a
          // waterfall otherwise): everything the entry needs at once, the sign-in page included
          // (routes/auth.ts), is one chunk. Each other page keeps its own chunks, fetched when it opens
          // (or is hovered: the router preloads on intent).
          groups: [{ name: 'app', tags: ['$initial'] }],
        },
      },
    },
  },
  // A worker's script carries its own security policy: the server keeps the page headers on files named
  // as workers (plugins/spa.ts), so every worker bundle says so in its name.
  worker: { rolldownOptions: { output: { entryFileNames: 'assets/[name].worker-[hash].js' } } },
});
