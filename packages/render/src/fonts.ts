/// <reference types="vite/client" />
/**
 * The open fonts the product ships (docs/studio.md): files of the @fontsource packages, bundled by the
 * build of the cabinet and of the player and served by the server itself, so nothing is fetched from the
 * internet and a screen keeps them with its own files. Latin letters; other scripts fall back visibly.
 */
import inter400 from '@fontsource/inter/files/inter-latin-400-normal.woff2?url';
import inter700 from '@fontsource/inter/files/inter-latin-700-normal.woff2?url';
import roboto400 from '@fontsource/roboto/files/roboto-latin-400-normal.woff2?url';
import roboto700 from '@fontsource/roboto/files/roboto-latin-700-normal.woff2?url';
import type { FontSource } from './render.ts';

export const BUNDLED_FONTS: readonly FontSource[] = [
  { family: 'Inter', url: inter400, weight: '400' },
  { family: 'Inter', url: inter700, weight: '700' },
  { family: 'Roboto', url: roboto400, weight: '400' },
  { family: 'Roboto', url: roboto700, weight: '700' },
];
