export * from './twofa.js';
export * from './alerts.js';
