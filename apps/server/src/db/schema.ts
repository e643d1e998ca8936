/**
 * The database tables (drizzle), one file per area under schema/. Everything is re-exported here, so code
 * imports tables from db/schema.js and drizzle-kit reads this one entry (drizzle.config.ts).
 */
export * from './schema/accounts.js';
export * from './schema/system.js';
export * from './schema/media.js';
export * from './schema/screens.js';
export * from './schema/playlists.js';
export * from './schema/statistics.js';
export * from './schema/studio.js';
export * from './schema/billing.js';
export * from './schema/ssp.js';
