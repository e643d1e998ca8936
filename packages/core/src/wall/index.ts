export * from './geometry.js';
export * from './clock.js';
export * from './sync.js';
export * from './rules.js';
export * from './content.js';
