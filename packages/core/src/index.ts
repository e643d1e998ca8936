export * from './constants.js';
export * from './roles.js';
export * from './validation.js';
export * from './errors.js';
export * from './schemas/common.js';
export * from './schemas/user.js';
export * from './schemas/cabinet.js';
