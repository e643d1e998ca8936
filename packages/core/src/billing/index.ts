export * from './money.js';
export * from './tariffs.js';
export * from './charges.js';
export * from './lock.js';
export * from './ledger.js';
