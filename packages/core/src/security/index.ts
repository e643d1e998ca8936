export * from './twofa-rules.js';
export * from './twofa.js';
export * from './alerts.js';
export * from './messenger.js';
export * from './oidc.js';
export * from './botcheck.js';
export * from './alert-texts.js';
