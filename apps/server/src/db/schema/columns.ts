import { customType, timestamp } from 'drizzle-orm/pg-core';

export const createdAt = () =>
  timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/**
 * A wall-clock date and time without a zone, 'YYYY-MM-DD HH:mm:ss': each screen applies it on its own
 * clock. The drivers write it differently (PGlite with a 'T'); rows always carry the one form.
 */
export const wallClock = customType<{ data: string; driverData: string }>({
  dataType: () => 'timestamp',
  fromDriver: (value) => value.replace('T', ' ').slice(0, 19),
});

/** A time of day, 'HH:mm:ss' (a time column may carry fractions; rows never do). */
export const time = customType<{ data: string; driverData: string }>({
  dataType: () => 'time',
  fromDriver: (value) => value.slice(0, 8),
});
