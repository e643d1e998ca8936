export * from './manifest.js';
export * from './instance.js';
export * from './builtin.js';
