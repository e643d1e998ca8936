export * from './pricing.js';
export * from './screen.js';
export * from './openrtb.js';
export * from './supplier.js';
export * from './leftover.js';
