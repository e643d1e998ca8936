/** Installation-wide state: settings, timed jobs, failure counters and used bot checks. */
import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Installation-wide settings shared by every server process (the token signing secret among them). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/**
 * The installation's timed work (lib/timed-jobs.ts): a run of `name` is claimed by moving `next_at` on, so
 * each interval's run is done by one process whatever the number of processes. `runs` counts the claims
 * and `last_by` says which process made the last one (host:pid), for the operator and the tests.
 */
export const timedJobs = pgTable('timed_jobs', {
  name: text('name').primaryKey(),
  nextAt: timestamp('next_at', { withTimezone: true, mode: 'date' }).notNull(),
  runs: integer('runs').notNull().default(0),
  lastBy: text('last_by'),
  lastAt: timestamp('last_at', { withTimezone: true, mode: 'date' }),
  /** Claimed and not yet finished: only then does `next_at` hold the claim's lease. */
  running: boolean('running').notNull().default(false),
});

/**
 * Failures counted per key (a sign-in's account and address, a browser the account signed in on, a
 * person typing pairing codes) until `expires_at`: shared by every server process and kept over restarts.
 */
export const failureCounters = pgTable(
  'failure_counters',
  {
    key: text('key').primaryKey(),
    failures: integer('failures').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('failure_counters_expires_idx').on(t.expiresAt)],
);

/**
 * Bot-check solutions already accepted (an ALTCHA challenge's nonce, a reCAPTCHA token's hash), kept until
 * they would have expired anyway, so none is accepted twice whichever server process sees it.
 */
export const usedBotChecks = pgTable(
  'used_bot_checks',
  {
    key: text('key').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('used_bot_checks_expires_idx').on(t.expiresAt)],
);
