export * from './document.js';
export * from './build.js';
export * from './align.js';
