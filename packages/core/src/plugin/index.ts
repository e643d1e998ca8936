export * from './manifest.js';
export * from './instance.js';
export * from './content.js';
export * from './bridge.js';
export * from './builtin.js';
