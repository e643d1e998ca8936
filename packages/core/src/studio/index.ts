export * from './limits.js';
export * from './document.js';
export * from './contents.js';
export * from './guard.js';
export * from './build.js';
export * from './align.js';
