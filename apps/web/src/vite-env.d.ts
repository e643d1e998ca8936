/// <reference types="vite/client" />

/** This build's id (vite.config.ts), compared with the server's dist/version.json. */
declare const __BUILD_ID__: string;

/** One part of a locale's strings (scripts/vite/locale-strings.ts). */
declare module 'virtual:vitrine-strings/*' {
  const strings: Record<string, unknown>;
  export default strings;
}
