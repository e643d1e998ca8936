export * from './document.js';
export * from './build.js';
