import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { partOf, type StringsPart } from '../../apps/web/src/i18n/sections.js';

const PREFIX = 'virtual:vitrine-strings/';

/**
 * `virtual:vitrine-strings/<locale>/<first|rest>`: one part of a locale's strings (apps/web/src/i18n/<locale>.json
 * cut by apps/web/src/i18n/sections.ts), each a chunk of its own. The sign-in page loads its locale's first
 * part only (a few KB instead of the whole 56 KB); the layout's pages load the rest.
 */
export function localeStrings(i18nDir: string): Plugin {
  return {
    name: 'vitrine-locale-strings',
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : undefined;
    },
    async load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return undefined;
      const [locale, part] = id.slice(PREFIX.length + 1).split('/') as [string, StringsPart];
      if (!/^[a-z]{2}$/.test(locale) || (part !== 'first' && part !== 'rest'))
        throw new Error(`unknown strings module ${id}`);
      const file = join(i18nDir, `${locale}.json`);
      this.addWatchFile(file);
      const strings = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(partOf(strings, part)))});`;
    },
  };
}
