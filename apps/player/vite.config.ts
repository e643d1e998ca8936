import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { iconPng, iconSvg } from './build/icon.ts';
import { playerSizeCheck } from './build/size-check.ts';
import { precompress } from '../../scripts/vite/precompress.ts';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};
const core = fileURLToPath(new URL('../../packages/core/src', import.meta.url));

/** The icons of the web app manifest, drawn in build/icon.ts: emitted at build, served in dev. */
function icons(): Plugin {
  const files = (): Record<string, string | Buffer> => ({
    'icon.svg': iconSvg(),
    'icon-192.png': iconPng(192),
    'icon-512.png': iconPng(512),
  });
  let base = '/';
  return {
    name: 'vitrine-player-icons',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: () => [
      {
        tag: 'link',
        attrs: { rel: 'icon', type: 'image/svg+xml', href: `${base}icon.svg` },
        injectTo: 'head',
      },
      { tag: 'link', attrs: { rel: 'apple-touch-icon', href: `${base}icon-192.png` }, injectTo: 'head' },
    ],
    configureServer(server) {
      const made = files();
      server.middlewares.use((request, response, next) => {
        const name = request.url?.startsWith(base) ? request.url.slice(base.length) : '';
        const body = made[name];
        if (body === undefined) return next();
        response.setHeader('Content-Type', name.endsWith('.svg') ? 'image/svg+xml' : 'image/png');
        response.end(body);
      });
    },
    generateBundle() {
      for (const [fileName, source] of Object.entries(files())) {
        this.emitFile({ type: 'asset', fileName, source });
      }
    },
  };
}

export default defineConfig({
  base: '/player/',
  plugins: [icons(), playerSizeCheck(), precompress()],
  define: { __PLAYER_VERSION__: JSON.stringify(pkg.version) },
  resolve: { alias: { '@vitrine/core': `${core}/index.ts` } },
  server: { proxy: { '/api': { target: 'http://localhost:8080', ws: true } } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // Screens run old browsers (TVs, kiosks): newer syntax is lowered.
    target: 'es2019',
    rolldownOptions: {
      // The player takes constants and types from @vitrine/core; its zod schemas (module-level calls a
      // bundler must otherwise keep) stay out of the bundle.
      treeshake: { moduleSideEffects: [{ test: /[\\/]packages[\\/]core[\\/]src[\\/]/, sideEffects: false }] },
    },
  },
});
