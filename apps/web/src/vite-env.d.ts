/// <reference types="vite/client" />

/** This build's id (vite.config.ts), compared with the server's dist/version.json. */
declare const __BUILD_ID__: string;
